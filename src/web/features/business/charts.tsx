import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TBusinessAnalytics, TPortfolioScores } from '@shared/schemas/business';
import type { TScoreBand } from '@shared/scoring';
import { formatDayMonth, formatShortMonth } from '@shared/format';

// Charts of the business's own figures (recharts). Each chart is a figure with a caption and a
// table of the same numbers for screen readers: the SVG alone tells them nothing.

const COLOR = {
  searches: '#64748b',
  reports: '#15803d',
  good: '#059669',
  fair: '#d97706',
  poor: '#dc2626',
  negative: '#b91c1c',
  neutral: '#2563eb',
  rate: '#b45309',
};
const BAND_COLOR: Record<TScoreBand, string> = { Good: COLOR.good, Fair: COLOR.fair, Poor: COLOR.poor };

const axis = { fontSize: 12, fill: 'currentColor' };
const tooltipStyle = { contentStyle: { fontSize: 12, borderRadius: 8 }, labelStyle: { fontWeight: 600 } };

function SrTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  // The wrapper is what is visually hidden: a table ignores the 1px width of sr-only and widens the page.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InquiriesChart({ data }: { data: TBusinessAnalytics['inquiriesPerDay'] }) {
  const rows = data.map((d) => ({ ...d, label: formatDayMonth(d.date) }));
  return (
    <figure className="text-muted-foreground" data-testid="chart-inquiries">
      <div className="h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} strokeOpacity={0.3} />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip {...tooltipStyle} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="searches" name="Searches" stackId="a" fill={COLOR.searches} isAnimationActive={false} />
            <Bar dataKey="reports" name="Reports" stackId="a" fill={COLOR.reports} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption="Searches and reports per day"
        headers={['Day', 'Searches', 'Reports']}
        rows={data.map((d) => [d.date, d.searches, d.reports])}
      />
    </figure>
  );
}

export function PortfolioChart({ data }: { data: TBusinessAnalytics['portfolioByStatus'] }) {
  return (
    <figure className="text-muted-foreground" data-testid="chart-portfolio">
      <div className="h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} strokeOpacity={0.3} />
            <XAxis type="number" allowDecimals={false} tick={axis} />
            <YAxis type="category" dataKey="statusName" width={130} tick={axis} />
            <Tooltip {...tooltipStyle} />
            <Bar dataKey="accounts" name="Accounts" radius={[0, 3, 3, 0]} isAnimationActive={false}>
              {data.map((d) => (
                <Cell
                  key={d.status}
                  fill={d.isNegative ? COLOR.negative : d.status === 'closed' || d.status === 'paid' ? COLOR.searches : COLOR.neutral}
                />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable caption="Accounts by status" headers={['Status', 'Accounts']} rows={data.map((d) => [d.statusName, d.accounts])} />
    </figure>
  );
}

export function DelinquencyChart({ data }: { data: TBusinessAnalytics['delinquencyByMonth'] }) {
  const rows = data.map((d) => ({ ...d, label: formatShortMonth(d.month), percent: Math.round(d.rate * 1000) / 10 }));
  return (
    <figure className="text-muted-foreground" data-testid="chart-delinquency">
      <div className="h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} strokeOpacity={0.3} />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tick={axis} unit="%" />
            <Tooltip {...tooltipStyle} formatter={(value) => [`${value}%`, '30+ days late or in default']} />
            <Area
              type="monotone"
              dataKey="percent"
              name="30+ days late or in default"
              stroke={COLOR.rate}
              fill={COLOR.rate}
              fillOpacity={0.2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <SrTable
        caption="Share of reported accounts 30 days or more late or in default, by month"
        headers={['Month', 'Accounts reported', 'Late or in default (%)']}
        rows={rows.map((d) => [d.month, d.reported, d.percent])}
      />
    </figure>
  );
}

export function ScoreDistributionChart({ data }: { data: TPortfolioScores }) {
  const bandOf = (from: number): TScoreBand => data.bands.find((b) => from >= b.minScore)?.band ?? 'Poor';
  const rows = data.bins.map((b) => ({ ...b, label: `${b.from}`, band: bandOf(b.from) }));
  return (
    <figure className="text-muted-foreground" data-testid="chart-scores">
      <div className="h-64" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} strokeOpacity={0.3} />
            <XAxis dataKey="label" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip {...tooltipStyle} labelFormatter={(label) => `Scores from ${label}`} />
            <Bar dataKey="count" name="Clients" radius={[3, 3, 0, 0]} isAnimationActive={false}>
              {rows.map((r) => (
                <Cell key={r.from} fill={BAND_COLOR[r.band]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrTable caption="Clients by score" headers={['Scores from', 'to', 'Clients']} rows={data.bins.map((b) => [b.from, b.to, b.count])} />
    </figure>
  );
}
