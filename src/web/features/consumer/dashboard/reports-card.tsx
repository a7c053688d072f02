import { Download, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { plural } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { REPORT_PDF_URL, useOwnReports, useRequestNewReport } from '../api/reports';
import { KeptReportItem } from '../reports/kept-report-item';

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
                <KeptReportItem key={r.id} report={r} />
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
