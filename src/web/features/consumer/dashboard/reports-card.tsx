import { Download, FileText, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { formatDateTime, plural } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { REPORT_PDF_URL, useOwnReports, useRequestNewReport } from '../api/reports';

const SHOWN = 5;

/** The spec's report list: the person's kept reports with Download, and Request New Report. */
export function ReportsCard() {
  const reports = useOwnReports();
  const request = useRequestNewReport();
  return (
    <SectionCard
      title="Your reports"
      description="Free, as often as you like; your own reports never count as an inquiry"
      contentClassName="space-y-4"
    >
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => request.mutate()} disabled={request.isPending}>
          <RefreshCw className={request.isPending ? 'animate-spin' : ''} aria-hidden />
          Request New Report
        </Button>
        <Button asChild variant="outline">
          <a href={REPORT_PDF_URL} download data-testid="download-current-pdf">
            <Download aria-hidden />
            Download PDF
          </a>
        </Button>
      </div>
      <QueryResult
        query={reports}
        isEmpty={(data) => data.reports.length === 0}
        empty="No report requested yet. Request New Report keeps one here."
        skeletonClassName="h-24"
      >
        {(data) => (
          <>
            <ul className="divide-y" data-testid="report-list">
              {data.reports.slice(0, SHOWN).map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="flex min-w-0 items-center gap-2">
                    <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span>
                      {formatDateTime(r.generatedAt)}
                      <span className="block text-muted-foreground">
                        {r.scoreValue === null ? 'No score' : `Score ${r.scoreValue}, ${r.scoreBand}`} ·{' '}
                        {plural(r.accountCount, { one: 'account', other: 'accounts' })}
                      </span>
                    </span>
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
            {data.reports.length > SHOWN ? (
              <Link href="/consumer/reports" className="text-sm font-medium text-primary hover:underline">
                All {plural(data.reports.length, { one: 'report', other: 'reports' })} in Credit Reports
              </Link>
            ) : null}
          </>
        )}
      </QueryResult>
    </SectionCard>
  );
}
