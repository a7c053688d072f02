import { CheckCircle2, FileDown, FileSpreadsheet, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { AuditLogSearch, SealHeadsCard } from '@web/components/oversight/audit-log';
import { toast } from '@web/lib/toast';
import { formatNumber, isoDateDaysAgo, plural } from '@shared/format';
import { downloadAuditReport, useAuditSummary } from './api/compliance';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';
import { errorMessageOf } from '@web/lib/form-errors';

/** Audit Reports: a period's activity and the log's integrity, exported as CSV (every event) or PDF; the log itself read-only. */
export default function RegulatorAuditsPage() {
  const [draft, setDraft] = useState({ from: isoDateDaysAgo(29), to: isoDateDaysAgo(0) });
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const summary = useAuditSummary(period?.from ?? '', period?.to ?? '', !!period);
  const [isDownloading, setIsDownloading] = useState<'csv' | 'pdf' | null>(null);
  const s = summary.data;
  const download = async (format: 'csv' | 'pdf') => {
    setIsDownloading(format);
    try {
      await downloadAuditReport(draft.from, draft.to, format);
    } catch (error) {
      toast({ kind: 'error', title: 'Export failed', description: errorMessageOf(error, 'Please try again.') });
    } finally {
      setIsDownloading(null);
    }
  };
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Audit Reports"
        description="What happened in the bureau over a period, whether the audit log is intact, and every event for your own analysis."
      />
      <SectionCard
        title="Report for a period"
        description="At most one year per report. Exports are themselves recorded in the audit log."
        contentClassName="space-y-4"
      >
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setPeriod(draft);
          }}
        >
          <Field id="report-from" label="From">
            <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </Field>
          <Field id="report-to" label="To">
            <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </Field>
          <Button type="submit">Show summary</Button>
          <Button type="button" variant="outline" onClick={() => download('csv')} disabled={!!isDownloading}>
            <FileSpreadsheet aria-hidden />
            {isDownloading === 'csv' ? 'Exporting...' : 'Export CSV'}
          </Button>
          <Button type="button" variant="outline" onClick={() => download('pdf')} disabled={!!isDownloading}>
            <FileDown aria-hidden />
            {isDownloading === 'pdf' ? 'Exporting...' : 'Export PDF'}
          </Button>
        </form>
        <QueryErrorCard query={summary} />
        {period && summary.isLoading ? <Skeleton className="h-40" /> : null}
        {s ? (
          <div className="space-y-4">
            {s.verification.valid ? (
              <Alert variant="info" role="status">
                <CheckCircle2 aria-hidden />
                <AlertTitle>The audit log is intact</AlertTitle>
                <AlertDescription>
                  All {formatNumber(s.verification.checked)} events check against their hashes and seals.{' '}
                  {plural(s.seals.count, { one: 'seal was', other: 'seals were' })} written in the period.
                </AlertDescription>
              </Alert>
            ) : (
              <Alert variant="destructive" role="alert">
                <ShieldAlert aria-hidden />
                <AlertTitle>The audit log has been altered</AlertTitle>
                <AlertDescription>
                  {s.verification.problem ?? 'A stored event does not match its hash.'}
                  {s.verification.firstBadEventId ? ` First bad event: #${s.verification.firstBadEventId}.` : ''}
                </AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 lg:grid-cols-2">
              <div>
                <h3 className="mb-2 font-semibold">{plural(s.totalEvents, { one: 'event', other: 'events' })} by action</h3>
                <Table caption="Events by action">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Action</TableHead>
                      <TableHead className="text-right">Events</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {s.byAction.slice(0, 15).map((a) => (
                      <TableRow key={a.action}>
                        <TableCell className="font-mono text-xs">{a.action}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatNumber(a.count)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <div>
                <h3 className="mb-2 font-semibold">Searches and reports per business</h3>
                {s.inquiriesByBusiness.length === 0 ? (
                  <p className="text-sm text-muted-foreground">None in the period.</p>
                ) : (
                  <Table caption="Searches and reports per business">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Business</TableHead>
                        <TableHead className="text-right">Searches</TableHead>
                        <TableHead className="text-right">Reports</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {s.inquiriesByBusiness.slice(0, 15).map((b) => (
                        <TableRow key={b.businessId}>
                          <TableCell>{b.businessName}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(b.searches)}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(b.reports)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </div>
            </div>
          </div>
        ) : null}
      </SectionCard>
      <SealHeadsCard />
      <AuditLogSearch />
    </div>
  );
}
