import { AlertTriangle, Download, RefreshCw } from 'lucide-react';
import { formatDate, formatDateTime, formatMoney } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageLoading } from '@web/components/ui/page-loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { REPORT_PDF_URL, useOwnReport, useOwnReports, useRequestNewReport } from './api/reports';
import { IdentityGate } from './identity-gate';
import { AccountCard } from './reports/report-account';
import { KeptReportItem } from './reports/kept-report-item';
import { ScoreHistoryChart, ScoreSection } from './reports/score-section';
import { HISTORY_LABELS } from './score-band';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

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
              <KeptReportItem key={r.id} report={r} />
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
  if (own.isError) return <QueryErrorCard query={own} />;
  if (!own.data.report) return <p role="alert">Your report could not be loaded.</p>;
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
            <Table caption="Inquiries in the last 12 months">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Business</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead>Purpose</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.inquiries.map((q, i) => (
                  <TableRow key={`${q.date}-${i}`}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(q.date)}</TableCell>
                    <TableCell>{q.businessName}</TableCell>
                    <TableCell>{q.kind === 'report' ? 'Report' : 'Search'}</TableCell>
                    <TableCell>{q.purposeName}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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
