import { Download, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { formatNumber } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { useT } from '@web/lib/i18n';
import { REPORT_PDF_URL, useOwnReports, useRequestNewReport } from '../api/reports';
import { KeptReportItem } from '../reports/kept-report-item';

const SHOWN = 5;

/** The spec's report list: the person's kept reports with Download, and Request New Report. */
export function ReportsCard() {
  const { t } = useT('dashboard');
  const reports = useOwnReports();
  const request = useRequestNewReport();
  return (
    <SectionCard title={t('reports.title')} description={t('reports.description')} contentClassName="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => request.mutate()} disabled={request.isPending}>
          <RefreshCw className={request.isPending ? 'animate-spin' : ''} aria-hidden />
          {t('reports.request')}
        </Button>
        <Button asChild variant="outline">
          <a href={REPORT_PDF_URL} download data-testid="download-current-pdf">
            <Download aria-hidden />
            {t('reports.download')}
          </a>
        </Button>
      </div>
      <QueryResult query={reports} isEmpty={(data) => data.reports.length === 0} empty={t('reports.empty')} skeletonClassName="h-24">
        {(data) => (
          <>
            <ul className="divide-y" data-testid="report-list">
              {data.reports.slice(0, SHOWN).map((r) => (
                <KeptReportItem key={r.id} report={r} />
              ))}
            </ul>
            {data.reports.length > SHOWN ? (
              <Link href="/consumer/reports" className="text-sm font-medium text-primary hover:underline">
                {t('reports.all', { count: data.reports.length, formatted: formatNumber(data.reports.length) })}
              </Link>
            ) : null}
          </>
        )}
      </QueryResult>
    </SectionCard>
  );
}
