import { AlertTriangle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { COMPLIANCE_BANDS, COMPLIANCE_SCORE_RULES, type TComplianceRow } from '@shared/schemas/oversight';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { formatDateTime, formatNumber, formatPercent, isoDateDaysAgo, plural } from '@shared/format';
import { useCompliance, useComplianceDetail } from './api/compliance';
import { PageHeader } from '@web/components/layout/page-header';
import { ScoreDriftSection } from '@web/components/oversight/score-drift-section';
import { SectionCard } from '@web/components/ui/section-card';
import { verificationLabel } from '@shared/labels';

const BAND_VARIANT = { good: 'success', watch: 'warning', concern: 'destructive' } as const;
const RULE_TEXT = Object.fromEntries(COMPLIANCE_SCORE_RULES.map((r) => [r.code, r.text]));

function BusinessDetail({ row, from, to, onClose }: { row: TComplianceRow | null; from: string; to: string; onClose: () => void }) {
  const detail = useComplianceDetail(row?.businessId ?? null, from, to);
  return (
    <Dialog open={!!row} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{row?.businessName}</DialogTitle>
          <DialogDescription>
            Score {row?.score}/100 for {from || 'the last 90 days'}
            {to ? ` to ${to}` : ''}.
          </DialogDescription>
        </DialogHeader>
        {row ? (
          <div className="space-y-4 text-sm">
            <section aria-labelledby="penalties">
              <h3 id="penalties" className="font-semibold">
                How the score was computed
              </h3>
              {row.penalties.length === 0 ? (
                <p className="text-muted-foreground">No penalties: 100 points.</p>
              ) : (
                <ul className="list-disc space-y-1 pl-5">
                  {row.penalties.map((p) => (
                    <li key={p.code}>
                      <span className="font-medium">−{p.points}</span> {RULE_TEXT[p.code]}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
              <dt className="text-muted-foreground">Open disputes</dt>
              <dd className="sm:col-span-2">{row.disputes.open}</dd>
              <dt className="text-muted-foreground">Monthly files</dt>
              <dd className="sm:col-span-2">
                {formatNumber(row.submissions.files)} ({plural(row.submissions.rows, { one: 'row', other: 'rows' })},{' '}
                {formatNumber(row.submissions.rejectedRows)} rejected)
              </dd>
              <dt className="text-muted-foreground">Searches / reports</dt>
              <dd className="sm:col-span-2">
                {row.inquiries.searches} / {row.inquiries.reports} ({row.inquiries.searchesWithoutReport} searches with a hit and no report)
              </dd>
              <dt className="text-muted-foreground">Months due / late</dt>
              <dd className="sm:col-span-2">
                {row.monthly.monthsDue} / {row.monthly.monthsLate}
              </dd>
            </dl>
            <section aria-labelledby="overdue">
              <h3 id="overdue" className="font-semibold">
                Overdue disputes
              </h3>
              {!detail.data ? (
                <Skeleton className="h-12" />
              ) : detail.data.overdueDisputes.length === 0 ? (
                <p className="text-muted-foreground">None.</p>
              ) : (
                <ul className="space-y-1">
                  {detail.data.overdueDisputes.map((d) => (
                    <li key={d.id}>
                      <span className="font-mono">{d.reference}</span> · {d.reason.replaceAll('_', ' ')} · filed {formatDateTime(d.filedAt)}{' '}
                      · <span className="font-medium text-destructive">{d.daysOverdue} days overdue</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Compliance Monitoring: per lender, the score, its penalties and flags; the method shown in full. */
export default function RegulatorCompliancePage() {
  const [draft, setDraft] = useState({ from: isoDateDaysAgo(89), to: isoDateDaysAgo(0) });
  const [period, setPeriod] = useState(draft);
  const [open, setOpen] = useState<TComplianceRow | null>(null);
  const compliance = useCompliance(period.from, period.to);
  const data = compliance.data;
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Compliance Monitoring"
        description="Each lender's handling of disputes, quality of its monthly files, searches and purposes, and timeliness, scored the same way for all."
      />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setPeriod(draft);
        }}
      >
        <Field id="compliance-from" label="From">
          <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Field>
        <Field id="compliance-to" label="To">
          <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field>
        <Button type="submit">Show</Button>
      </form>
      <QueryErrorCard query={compliance} />
      {data && !data.isDisputeDataAvailable ? (
        <Alert variant="warning">
          <AlertDescription>Dispute data is not available yet; overdue disputes count as none.</AlertDescription>
        </Alert>
      ) : null}
      <SectionCard
        title="Compliance per lender"
        description="Lowest scores first. Select a lender for the detail and its overdue disputes."
      >
        {!data ? (
          compliance.error ? null : (
            <Skeleton className="h-40" />
          )
        ) : data.businesses.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No verified lenders yet.</p>
        ) : (
          <Table caption="Compliance per lender">
            <TableHeader>
              <TableRow>
                <TableHead>Lender</TableHead>
                <TableHead>Score</TableHead>
                <TableHead>Overdue disputes</TableHead>
                <TableHead>Rejected rows</TableHead>
                <TableHead>Searches without report</TableHead>
                <TableHead>Purpose mismatches</TableHead>
                <TableHead>Late months</TableHead>
                <TableHead>Flags</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.businesses.map((b) => (
                <TableRow key={b.businessId} data-testid="compliance-row">
                  <TableCell>
                    <Button variant="link" className="h-auto p-0 font-medium" onClick={() => setOpen(b)}>
                      {b.businessName}
                    </Button>
                    {b.verificationStatus !== 'verified' ? (
                      <span className="block text-xs text-muted-foreground">{verificationLabel(b.verificationStatus)}</span>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Badge variant={BAND_VARIANT[b.band]}>{b.score}</Badge>
                  </TableCell>
                  <TableCell className={b.disputes.overdue > 0 ? 'font-semibold text-destructive' : ''}>
                    {b.disputes.overdue}
                    {b.disputes.oldestOverdueDays !== null ? (
                      <span className="block text-xs font-normal">oldest {b.disputes.oldestOverdueDays} days</span>
                    ) : null}
                  </TableCell>
                  <TableCell>{b.submissions.rows ? formatPercent(b.submissions.rejectedRate) : '—'}</TableCell>
                  <TableCell>{b.inquiries.searchesWithHits ? formatPercent(b.inquiries.searchesWithoutReportRate) : '—'}</TableCell>
                  <TableCell>{b.inquiries.purposeMismatches}</TableCell>
                  <TableCell>{b.monthly.reportsAccounts ? `${b.monthly.monthsLate} of ${b.monthly.monthsDue}` : '—'}</TableCell>
                  <TableCell className="min-w-48">
                    {b.flags.length === 0 ? (
                      <span className="text-muted-foreground">None</span>
                    ) : (
                      <ul className="space-y-0.5">
                        {b.flags.map((f) => (
                          <li key={f} className="flex items-start gap-1 text-xs">
                            <AlertTriangle className="mt-0.5 size-3 shrink-0 text-destructive" aria-hidden />
                            {f}
                          </li>
                        ))}
                      </ul>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </SectionCard>
      <Alert variant="info">
        <AlertTitle>How the compliance score is computed</AlertTitle>
        <AlertDescription className="space-y-2">
          <p>Each lender starts at 100 points; these penalties are taken off (never below 0):</p>
          <ul className="list-disc space-y-1 pl-5">
            {COMPLIANCE_SCORE_RULES.map((r) => (
              <li key={r.code}>{r.text}.</li>
            ))}
          </ul>
          <p>
            Bands: {COMPLIANCE_BANDS.map((b) => b.text).join('; ')}. The dispute deadline is {data?.disputeDeadlineDays ?? 30} days (a
            setting of the bureau).
          </p>
        </AlertDescription>
      </Alert>
      <BusinessDetail row={open} from={period.from} to={period.to} onClose={() => setOpen(null)} />
      <ScoreDriftSection />
    </div>
  );
}
