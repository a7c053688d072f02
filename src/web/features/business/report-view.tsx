import { AlertTriangle, Download, FileWarning, Printer, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import { SCORE_MAX, SCORE_MIN, type TScoreBand } from '@shared/scoring';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { formatMoney, formatDateTime, formatShortDate, formatMonth } from '@shared/format';
import { BandBadge, PURPOSE_LABEL } from './parts';

const BAND_STROKE: Record<TScoreBand, string> = { Good: '#059669', Fair: '#d97706', Poor: '#dc2626' };

/** A half-circle gauge from 300 to 850 with the score's needle, its value and band. */
export function ScoreGauge({ value, band }: { value: number; band: TScoreBand }) {
  const share = (Math.min(SCORE_MAX, Math.max(SCORE_MIN, value)) - SCORE_MIN) / (SCORE_MAX - SCORE_MIN);
  const radius = 80;
  const circumference = Math.PI * radius;
  const angle = Math.PI * (1 - share);
  const x = 100 + radius * Math.cos(angle);
  const y = 100 - radius * Math.sin(angle);
  return (
    <figure className="flex flex-col items-center" aria-label={`Credit score ${value} of ${SCORE_MAX}, ${band}`}>
      <svg viewBox="0 0 200 115" className="w-56 max-w-full" role="img" aria-hidden>
        <path d="M 20 100 A 80 80 0 0 1 180 100" fill="none" className="stroke-muted" strokeWidth="16" strokeLinecap="round" />
        <path
          d="M 20 100 A 80 80 0 0 1 180 100"
          fill="none"
          stroke={BAND_STROKE[band]}
          strokeWidth="16"
          strokeLinecap="round"
          strokeDasharray={`${circumference * share} ${circumference}`}
        />
        <circle cx={x} cy={y} r="7" fill="white" stroke={BAND_STROKE[band]} strokeWidth="4" />
        <text x="100" y="88" textAnchor="middle" className="fill-foreground" style={{ fontSize: 34, fontWeight: 700 }}>
          {value}
        </text>
        <text x="20" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MIN}
        </text>
        <text x="180" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MAX}
        </text>
      </svg>
      <figcaption className="mt-1">
        <BandBadge band={band} className="text-sm" />
      </figcaption>
    </figure>
  );
}

const HISTORY_CLASS: Record<string, string> = {
  on_time: 'bg-emerald-500',
  late_30: 'bg-yellow-400',
  late_60: 'bg-orange-500',
  late_90: 'bg-red-600',
  default: 'bg-red-900',
  closed: 'bg-sky-400',
  no_data: 'bg-muted',
};
const HISTORY_LABEL: Record<string, string> = {
  on_time: 'paid on time',
  late_30: '30 days late',
  late_60: '60 days late',
  late_90: '90 days or more late',
  default: 'in default',
  closed: 'closed',
  no_data: 'no report',
};

/** 24 months of payment history, oldest on the left; each month says what it was. */
export function HistoryStrip({ history }: { history: TReportAccount['paymentHistory'] }) {
  const months = history.slice(0, 24).reverse();
  const blanks = 24 - months.length;
  const summary = months.length === 0 ? 'No monthly payments reported' : `${months.length} months reported, oldest first`;
  return (
    <div className="space-y-1">
      <ol className="flex gap-0.5" aria-label={`Payment history: ${summary}`}>
        {Array.from({ length: blanks }, (_, i) => (
          <li key={`blank-${i}`} className="h-4 flex-1 rounded-[2px] bg-muted/40 print:border print:border-gray-200" aria-hidden />
        ))}
        {months.map((m) => (
          <li
            key={m.month}
            className={cn('h-4 flex-1 rounded-[2px] print:[print-color-adjust:exact]', HISTORY_CLASS[m.status] ?? 'bg-muted')}
            title={`${formatMonth(m.month)}: ${HISTORY_LABEL[m.status] ?? m.status}`}
          >
            <span className="sr-only">
              {formatMonth(m.month)}: {HISTORY_LABEL[m.status] ?? m.status}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted-foreground">24 months, oldest to newest</p>
    </div>
  );
}

export function HistoryLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Payment history colours">
      {Object.entries(HISTORY_LABEL).map(([status, label]) => (
        <li key={status} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-3 rounded-[2px] print:[print-color-adjust:exact]', HISTORY_CLASS[status])} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}

const NEGATIVE = new Set(['late_90', 'default', 'written_off']);

function AccountCard({ account }: { account: TReportAccount }) {
  return (
    <li className="space-y-3 rounded-lg border p-4 break-inside-avoid" data-testid="report-account">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-semibold">
            {account.lender} · {account.typeName}
          </h4>
          <p className="text-sm text-muted-foreground">
            Account {account.accountNumber}
            {account.isOwnAccount ? ' (yours)' : ''} · opened {formatShortDate(account.openedAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {account.disputed ? (
            <Badge variant="warning" data-testid="disputed-flag">
              Disputed
            </Badge>
          ) : null}
          <Badge variant={NEGATIVE.has(account.status) ? 'destructive' : account.status === 'current' ? 'success' : 'secondary'}>
            {account.statusName}
          </Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Borrowed</dt>
          <dd className="font-medium tabular-nums">{formatMoney(account.currency, account.principal)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="font-medium tabular-nums">{formatMoney(account.currency, account.balance)}</dd>
        </div>
        {account.defaultAmount ? (
          <div>
            <dt className="text-muted-foreground">In default</dt>
            <dd className="font-medium tabular-nums text-destructive">
              {formatMoney(account.currency, account.defaultAmount)} on {formatShortDate(account.defaultDate)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">Last reported</dt>
          <dd className="font-medium">{formatShortDate(account.lastReportedAt)}</dd>
        </div>
      </dl>
      <HistoryStrip history={account.paymentHistory} />
      {account.disputed ? (
        <p className="text-sm text-muted-foreground">The person disputes this account. It stays flagged until the lender answers.</p>
      ) : null}
    </li>
  );
}

/** The credit report as a lender reads it on screen and on paper (print CSS hides the rest of the page). */
export function ReportView({ report, pdfHref }: { report: TCreditReport; pdfHref?: string }) {
  const s = report.subject;
  return (
    <article className="space-y-6 print:space-y-4" aria-labelledby="report-title" data-testid="credit-report">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id="report-title" className="text-xl font-bold">
            Credit report: {s.fullName}
          </h2>
          <p className="text-sm text-muted-foreground">
            Report {report.reportId} · {formatDateTime(report.generatedAt, { withZone: true })} · purpose{' '}
            {PURPOSE_LABEL(report.purpose).toLowerCase()}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
          {pdfHref ? (
            <Button asChild>
              <a href={pdfHref} download>
                <Download aria-hidden />
                Download PDF
              </a>
            </Button>
          ) : null}
        </div>
      </div>

      {report.fraudAlert ? (
        <Alert variant="destructive" role="alert" data-testid="fraud-alert">
          <ShieldAlert aria-hidden />
          <AlertTitle>Fraud alert on this file</AlertTitle>
          <AlertDescription>
            <p>{report.fraudAlert.text}</p>
            <p>
              Verify the person&apos;s identity before lending: call {report.fraudAlert.contactPhone}. Placed{' '}
              {formatShortDate(report.fraudAlert.placedAt)}.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3 print:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle>
              <h3>Credit score</h3>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {report.score ? (
              <>
                <ScoreGauge value={report.score.value} band={report.score.band as TScoreBand} />
                <div>
                  <h4 className="mb-1 text-sm font-medium">What affects this score most</h4>
                  {report.score.reasons.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Nothing is holding this score back.</p>
                  ) : (
                    <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="score-reasons">
                      {report.score.reasons.map((r) => (
                        <li key={r.code}>{r.text}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            ) : (
              <div className="space-y-2" data-testid="no-score">
                <p className="text-2xl font-bold">No score</p>
                <p className="text-sm text-muted-foreground">
                  This file has no score: {report.scoreUnavailable?.text ?? 'not enough history'}. A missing record never counts against a
                  person (Credit Reference Act, 2011).
                </p>
              </div>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2 print:col-span-2">
          <CardHeader>
            <CardTitle>
              <h3>Personal information</h3>
            </CardTitle>
            <CardDescription>Identification numbers and phones are partially masked.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Full name</dt>
                <dd className="font-medium">{s.fullName}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Date of birth</dt>
                <dd className="font-medium">{formatShortDate(s.dateOfBirth)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Identification</dt>
                <dd className="font-medium">
                  {s.identifiers.length === 0
                    ? 'None on file'
                    : s.identifiers
                        .map((i) => `${i.type === 'nin' ? 'NIN' : i.type === 'passport' ? 'Passport' : "Driver's licence"} ${i.value}`)
                        .join(', ')}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Phones</dt>
                <dd className="font-medium">{s.phones.join(', ') || '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">District</dt>
                <dd className="font-medium">{s.district ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Also reported as</dt>
                <dd className="font-medium">{s.otherNames.join(', ') || '—'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Addresses</dt>
                <dd className="font-medium">
                  {s.addresses.length === 0
                    ? '—'
                    : s.addresses
                        .slice(0, 3)
                        .map((a) => a.line + (a.district ? ` (${a.district})` : ''))
                        .join('; ')}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Summary</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
            {[
              ['Accounts', report.summary.totalAccounts],
              ['Open', report.summary.openAccounts],
              ['In default', report.summary.accountsInDefault],
              ['Disputed', report.summary.disputedAccounts],
              ['Inquiries, 12 months', report.summary.inquiriesLast12Months],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
            <div>
              <dt className="text-muted-foreground">Open balances</dt>
              <dd className="font-semibold tabular-nums">
                {report.summary.balances.map((b) => formatMoney(b.currency, b.balance)).join(', ') || '—'}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <section aria-labelledby="accounts-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h3 id="accounts-title" className="text-lg font-semibold">
            Accounts ({report.accounts.length})
          </h3>
          <HistoryLegend />
        </div>
        {report.accounts.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No accounts are reported for this person.
          </p>
        ) : (
          <ul className="space-y-3">
            {report.accounts.map((a) => (
              <AccountCard key={a.accountId} account={a} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="inquiries-title" className="space-y-3 break-inside-avoid">
        <h3 id="inquiries-title" className="text-lg font-semibold">
          Inquiries, last 12 months ({report.inquiries.length})
        </h3>
        {report.inquiries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No inquiries.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Business
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Purpose
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Kind
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.inquiries.map((q, i) => (
                  <tr key={`${q.date}-${i}`} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(q.date)}</td>
                    <td className="px-3 py-2">{q.businessName}</td>
                    <td className="px-3 py-2">{q.purposeName}</td>
                    <td className="px-3 py-2 capitalize">{q.kind}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        Confidential. Released for {PURPOSE_LABEL(report.purpose).toLowerCase()} under the Credit Reference Act, 2011; use it only for that
        purpose.
      </p>
    </article>
  );
}

/** The refusal of a search or report, with the way out when there is one (upgrade, verification). */
export function InquiryRefusal({ status, message }: { status: number; message: string }) {
  const title =
    status === 402
      ? message.includes('used all')
        ? 'Monthly credit reports used up'
        : 'Subscription not active'
      : status === 403
        ? message.includes('frozen')
          ? 'File frozen'
          : 'Not allowed'
        : 'Could not complete';
  return (
    <Alert variant={status === 402 ? 'warning' : 'destructive'} role="alert" data-testid="inquiry-refusal">
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>{message}</p>
        {status === 402 ? (
          <Button asChild size="sm">
            <Link href="/subscribe">Upgrade your plan</Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
