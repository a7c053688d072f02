import { Download, FileText } from 'lucide-react';
import { formatDateTime, formatNumber } from '@shared/format';
import type { TOwnReportList } from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { REPORT_PDF_URL } from '../api/reports';
import { bandLabel } from '../band-text';

/** One of the person's kept reports with its Download: the dashboard's list and Credit Reports show it alike. */
export function KeptReportItem({ report }: { report: TOwnReportList['reports'][number] }) {
  const { t } = useT('reports');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="flex min-w-0 items-center gap-2">
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {formatDateTime(report.generatedAt)}
          <span className="block text-muted-foreground">
            {report.scoreValue === null
              ? t('kept.noScore')
              : t('kept.score', { value: report.scoreValue, band: report.scoreBand ? bandLabel(t, report.scoreBand) : '' })}{' '}
            · {t('kept.accounts', { count: report.accountCount, formatted: formatNumber(report.accountCount) })}
          </span>
        </span>
      </span>
      <Button asChild size="sm" variant="ghost">
        <a href={`${REPORT_PDF_URL}?reportId=${report.id}`} download>
          <Download aria-hidden />
          {t('kept.download')} <span className="sr-only">{t('kept.downloadOf', { date: formatDateTime(report.generatedAt) })}</span>
        </a>
      </Button>
    </li>
  );
}
