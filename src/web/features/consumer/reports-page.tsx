import { AlertTriangle, Download, RefreshCw, Scale } from 'lucide-react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageLoading } from '@web/components/ui/page-loading';
import { formatDate, formatDateTime, formatMoney, formatShortMonth, plural } from '@shared/format';
import { cn } from '@web/lib/utils';
import { REPORT_PDF_URL, useOwnReport, useOwnReports, useRequestNewReport, useScoreHistory } from './consumer-data';
import { IdentityGate } from './identity-gate';
import { PageHeader } from '@web/components/layout/page-header';
import { HISTORY_CELL, HISTORY_LABELS, bandVariant } from './score-band';

function ScoreSection({ report }: { report: TCreditReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your credit score</h2>
        </CardTitle>
        <CardDescription>Computed from your file as of {formatDateTime(report.generatedAt)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr]">
        {report.score ? (
          <>
            <div>
              <p className="text-5xl font-bold tabular-nums">{report.score.value}</p>
              <Badge className="mt-2" variant={bandVariant(report.score.band)}>
                {report.score.band}
              </Badge>
              <p className="mt-2 text-xs text-muted-foreground">On a scale of 300 to 850</p>
            </div>
            <div>
              <h3 className="font-medium">What affects your score most</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {report.score.reasons.map((reason) => (
                  <li key={reason.code}>{reason.text}</li>
                ))}
              </ul>
            </div>
          </>
        ) : (
          <div className="md:col-span-2">
            <p className="text-2xl font-semibold">No score</p>
            <p className="text-sm text-muted-foreground">
              There is not enough on your file to compute a score ({report.scoreUnavailable?.text ?? 'insufficient credit history'}). A
              missing record never counts against you.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ScoreHistoryChart() {
  const history = useScoreHistory(true);
  const points = (history.data?.scores ?? [])
    .filter((s) => s.value !== null)
    .slice()
    .reverse()
    .map((s) => ({ date: formatDate(s.computedAt), score: s.value as number }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your score over time</h2>
        </CardTitle>
        <CardDescription>Every score stored when your file was read, by you or by a lender</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : points.length < 2 ? (
          <p className="text-sm text-muted-foreground">
            {points.length === 1 ? `One score so far: ${points[0].score}.` : 'No score stored yet.'} The chart fills in as your file
            changes.
          </p>
        ) : (
          <div className="h-56 w-full" role="img" aria-label={`Score history: ${points.map((p) => `${p.score} on ${p.date}`).join(', ')}`}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="date" tick={{ fontSize: 12 }} />
                <YAxis domain={[300, 850]} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Line type="monotone" dataKey="score" stroke="var(--color-primary)" strokeWidth={2} dot />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryGrid({ account }: { account: TReportAccount }) {
  if (account.paymentHistory.length === 0) return <p className="text-sm text-muted-foreground">No monthly payments reported yet.</p>;
  return (
    <ol
      className="grid grid-cols-6 gap-1 sm:grid-cols-12"
      aria-label={`24-month payment history of ${account.accountNumber}, most recent first`}
    >
      {account.paymentHistory.map((cell) => (
        <li
          key={cell.month}
          className={cn('rounded px-1 py-1 text-center', HISTORY_CELL[cell.code] ?? HISTORY_CELL['-'])}
          title={`${formatShortMonth(cell.month)}: ${HISTORY_LABELS[cell.code] ?? cell.code}`}
        >
          <span className="block text-[10px] leading-tight">{formatShortMonth(cell.month)}</span>
          <span className="block text-sm font-semibold">{cell.code}</span>
          <span className="sr-only">{HISTORY_LABELS[cell.code] ?? cell.code}</span>
        </li>
      ))}
    </ol>
  );
}

function AccountCard({ account, openDispute }: { account: TReportAccount; openDispute?: { reference: string; dueAt: string } }) {
  const isNegative = ['late_90', 'default', 'written_off'].includes(account.status);
  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {account.lender} · {account.typeName}
          </h3>
          <p className="font-mono text-sm text-muted-foreground">{account.accountNumber}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={isNegative ? 'destructive' : 'secondary'}>{account.statusName}</Badge>
          {account.disputed ? <Badge variant="warning">Disputed{openDispute ? ` · ${openDispute.reference}` : ''}</Badge> : null}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Amount borrowed</dt>
          <dd>{formatMoney(account.currency, account.principal)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd>{formatMoney(account.currency, account.balance)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Opened</dt>
          <dd>{formatDate(account.openedAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last reported</dt>
          <dd>{formatDate(account.lastReportedAt)}</dd>
        </div>
        {account.defaultAmount ? (
          <div className="col-span-2">
            <dt className="text-muted-foreground">Default</dt>
            <dd>
              {formatMoney(account.currency, account.defaultAmount)} on {account.defaultDate ? formatDate(account.defaultDate) : '—'}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-3">
        <HistoryGrid account={account} />
      </div>
      <div className="mt-3 flex justify-end">
        {account.disputed ? (
          <Link href="/consumer/disputes" className="text-sm font-medium text-primary hover:underline">
            See the dispute
          </Link>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link href={`/consumer/disputes?account=${account.accountId}`}>
              <Scale aria-hidden />
              Dispute this entry
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}

function KeptReports() {
  const reports = useOwnReports();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your reports</h2>
        </CardTitle>
        <CardDescription>Each report you requested, free; none counts as an inquiry</CardDescription>
      </CardHeader>
      <CardContent>
        {reports.data?.reports.length ? (
          <ul className="divide-y">
            {reports.data.reports.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDateTime(r.generatedAt)} · {r.scoreValue === null ? 'no score' : `score ${r.scoreValue} (${r.scoreBand})`} ·{' '}
                  {plural(r.accountCount, { one: 'account', other: 'accounts' })}
                </span>
                <Button asChild size="sm" variant="ghost">
                  <a href={`${REPORT_PDF_URL}?reportId=${r.id}`} download>
                    <Download aria-hidden />
                    Download <span className="sr-only">the report of {formatDateTime(r.generatedAt)}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No report requested yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function FullReport() {
  const own = useOwnReport();
  const request = useRequestNewReport();
  if (own.isPending) return <PageLoading label="Loading your report…" />;
  if (own.isError || !own.data.report) return <p role="alert">{own.error?.message ?? 'Your report could not be loaded.'}</p>;
  const report = own.data.report;
  const disputeOf = new Map(own.data.openDisputes.map((d) => [d.accountId, d]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => request.mutate()} disabled={request.isPending}>
          <RefreshCw className={request.isPending ? 'animate-spin' : ''} aria-hidden />
          Request New Report
        </Button>
        <Button asChild variant="outline">
          <a href={REPORT_PDF_URL} download>
            <Download aria-hidden />
            Download as PDF
          </a>
        </Button>
      </div>
      {own.data.frozenAt ? (
        <Alert variant="warning">
          <AlertTitle>Your file is frozen</AlertTitle>
          <AlertDescription>
            Since {formatDate(own.data.frozenAt)} no new lender can pull your report. Lenders you already borrow from may still review your
            accounts.
          </AlertDescription>
        </Alert>
      ) : null}
      {report.fraudAlert ? (
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertTitle>Fraud alert on</AlertTitle>
          <AlertDescription>
            Lenders see: “{report.fraudAlert.text}” Contact: {report.fraudAlert.contactPhone}.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <ScoreSection report={report} />
        <ScoreHistoryChart />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>About you</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Name</dt>
              <dd>{report.subject.fullName}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Date of birth</dt>
              <dd>{report.subject.dateOfBirth ? formatDate(report.subject.dateOfBirth) : '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Identification</dt>
              <dd>
                {report.subject.identifiers
                  .map((i) => `${i.type === 'nin' ? 'NIN' : i.type === 'passport' ? 'Passport' : "Driver's licence"} ${i.value}`)
                  .join(', ')}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Phones lenders reported</dt>
              <dd>{report.subject.phones.join(', ') || '—'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Addresses</dt>
              <dd>{report.subject.addresses.map((a) => a.line).join('; ') || '—'}</dd>
            </div>
            {report.subject.otherNames.length ? (
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Also reported as</dt>
                <dd>{report.subject.otherNames.join(', ')}</dd>
              </div>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Accounts ({report.accounts.length})</h2>
          </CardTitle>
          <CardDescription>
            {report.summary.openAccounts} open · {report.summary.accountsInDefault} in default · {report.summary.disputedAccounts} disputed
            · {report.summary.balances.map((b) => formatMoney(b.currency, b.balance)).join(', ') || 'nothing'} owed
          </CardDescription>
        </CardHeader>
        <CardContent>
          {report.accounts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No accounts are reported on your file.</p>
          ) : (
            <ul className="space-y-4">
              {report.accounts.map((account) => (
                <AccountCard key={account.accountId} account={account} openDispute={disputeOf.get(account.accountId)} />
              ))}
            </ul>
          )}
          <p className="mt-4 text-xs text-muted-foreground">
            Payment history, most recent month first:{' '}
            {Object.entries(HISTORY_LABELS)
              .map(([code, label]) => `${code} ${label.toLowerCase()}`)
              .join(' · ')}
            .
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Inquiries in the last 12 months ({report.inquiries.length})</h2>
          </CardTitle>
          <CardDescription>Businesses that searched for you or pulled your report. Your own reports never appear here.</CardDescription>
        </CardHeader>
        <CardContent>
          {report.inquiries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No business searched for you or pulled your report.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Business
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Kind
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Purpose
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {report.inquiries.map((q, i) => (
                    <tr key={`${q.date}-${i}`}>
                      <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(q.date)}</td>
                      <td className="py-2 pr-4">{q.businessName}</td>
                      <td className="py-2 pr-4">{q.kind === 'report' ? 'Report' : 'Search'}</td>
                      <td className="py-2">{q.purposeName}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <KeptReports />
    </div>
  );
}

/** Credit Reports: the person's full report, its PDF, a new report on request, the score over time. */
export default function ConsumerReportsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        role="consumer"
        title="Credit Reports"
        description="Your full credit report, as lenders see it but with nothing masked. Free, as often as you like."
      />
      <IdentityGate>
        <FullReport />
      </IdentityGate>
    </div>
  );
}
