import { Download, FileWarning, Printer, ShieldAlert } from 'lucide-react';
import type { TCreditReport } from '@shared/schemas/credit';
import type { TScoreBand } from '@shared/scoring';
import { formatDateTime, formatMoney, formatShortDate } from '@shared/format';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { AdverseActionNotice } from './adverse-action-notice';
import { PURPOSE_LABEL } from './parts';
import { AccountCard, HistoryLegend } from './report-account';
import { ScoreGauge } from '@web/components/credit/score-gauge';

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

      <AdverseActionNotice report={report} />

      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        Confidential. Released for {PURPOSE_LABEL(report.purpose).toLowerCase()} under the Credit Reference Act, 2011; use it only for that
        purpose.
      </p>
    </article>
  );
}
