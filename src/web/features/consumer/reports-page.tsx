import { AlertTriangle, Download, RefreshCw } from 'lucide-react';
import { formatDate, formatDateTime, formatMoney } from '@shared/format';
import { PAYMENT_MONTH_LABELS } from '@shared/labels';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageLoading } from '@web/components/ui/page-loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useT, withEnglish } from '@web/lib/i18n';
import { REPORT_PDF_URL, useOwnReport, useOwnReports, useRequestNewReport } from './api/reports';
import { IdentityGate } from './identity-gate';
import { AccountCard } from './reports/report-account';
import { KeptReportItem } from './reports/kept-report-item';
import { ScoreHistoryChart, ScoreSection } from './reports/score-section';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import dashboardEnglish from 'english-catalogue:dashboard';
import reportsEnglish from 'english-catalogue:reports';
import scoringEnglish from 'english-catalogue:scoring';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ dashboard: dashboardEnglish, reports: reportsEnglish, scoring: scoringEnglish });

function KeptReports() {
  const { t } = useT('reports');
  const reports = useOwnReports();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('kept.title')}</h2>
        </CardTitle>
        <CardDescription>{t('kept.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {reports.data?.reports.length ? (
          <ul className="divide-y">
            {reports.data.reports.map((r) => (
              <KeptReportItem key={r.id} report={r} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('kept.none')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function FullReport() {
  const { t } = useT(['reports', 'labels']);
  const own = useOwnReport();
  const request = useRequestNewReport();
  if (own.isPending) return <PageLoading label={t('loading')} />;
  if (own.isError) return <QueryErrorCard query={own} />;
  if (!own.data.report) return <p role="alert">{t('notLoaded')}</p>;
  const report = own.data.report;
  const disputeOf = new Map(own.data.openDisputes.map((d) => [d.accountId, d]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => request.mutate()} disabled={request.isPending}>
          <RefreshCw className={request.isPending ? 'animate-spin' : ''} aria-hidden />
          {t('request')}
        </Button>
        <Button asChild variant="outline">
          <a href={REPORT_PDF_URL} download>
            <Download aria-hidden />
            {t('downloadPdf')}
          </a>
        </Button>
      </div>
      {own.data.frozenAt ? (
        <Alert variant="warning">
          <AlertTitle>{t('frozen.title')}</AlertTitle>
          <AlertDescription>{t('frozen.text', { date: formatDate(own.data.frozenAt) })}</AlertDescription>
        </Alert>
      ) : null}
      {report.fraudAlert ? (
        <Alert variant="warning">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t('fraud.title')}</AlertTitle>
          <AlertDescription>{t('fraud.text', { text: report.fraudAlert.text, phone: report.fraudAlert.contactPhone })}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <ScoreSection report={report} />
        <ScoreHistoryChart />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('about.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">{t('about.name')}</dt>
              <dd>{report.subject.fullName}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('about.dateOfBirth')}</dt>
              <dd>{report.subject.dateOfBirth ? formatDate(report.subject.dateOfBirth) : '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('about.identification')}</dt>
              <dd>
                {report.subject.identifiers
                  .map((i) => `${t(`about.idType.${i.type === 'nin' || i.type === 'passport' ? i.type : 'other'}`)} ${i.value}`)
                  .join(', ')}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('about.phones')}</dt>
              <dd>{report.subject.phones.join(', ') || '—'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">{t('about.addresses')}</dt>
              <dd>{report.subject.addresses.map((a) => a.line).join('; ') || '—'}</dd>
            </div>
            {report.subject.otherNames.length ? (
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">{t('about.otherNames')}</dt>
                <dd>{report.subject.otherNames.join(', ')}</dd>
              </div>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('accounts.title', { n: report.accounts.length })}</h2>
          </CardTitle>
          <CardDescription>
            {t('accounts.summary', {
              open: report.summary.openAccounts,
              inDefault: report.summary.accountsInDefault,
              disputed: report.summary.disputedAccounts,
              owed: report.summary.balances.map((b) => formatMoney(b.currency, b.balance)).join(', ') || t('accounts.nothing'),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {report.accounts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('accounts.none')}</p>
          ) : (
            <ul className="space-y-4">
              {report.accounts.map((account) => (
                <AccountCard key={account.accountId} account={account} openDispute={disputeOf.get(account.accountId)} />
              ))}
            </ul>
          )}
          <p className="mt-4 text-xs text-muted-foreground">
            {t('accounts.legend')}{' '}
            {Object.keys(PAYMENT_MONTH_LABELS)
              .map((code) => `${code} ${t(`labels:paymentMonth.${code}`).toLowerCase()}`)
              .join(' · ')}
            .
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('inquiries.title', { n: report.inquiries.length })}</h2>
          </CardTitle>
          <CardDescription>{t('inquiries.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {report.inquiries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('inquiries.none')}</p>
          ) : (
            <Table caption={t('inquiries.caption')}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('inquiries.date')}</TableHead>
                  <TableHead>{t('inquiries.business')}</TableHead>
                  <TableHead>{t('inquiries.kind')}</TableHead>
                  <TableHead>{t('inquiries.purpose')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.inquiries.map((q, i) => (
                  <TableRow key={`${q.date}-${i}`}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(q.date)}</TableCell>
                    <TableCell>{q.businessName}</TableCell>
                    <TableCell>{q.kind === 'report' ? t('inquiries.report') : t('inquiries.search')}</TableCell>
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
  const { t } = useT('reports');
  return (
    <div className="space-y-6">
      <PageHeader role="consumer" title={t('title')} description={t('description')} />
      <IdentityGate>
        <FullReport />
      </IdentityGate>
    </div>
  );
}
