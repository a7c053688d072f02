import { Download, FileText } from 'lucide-react';
import { formatDateTime, plural } from '@shared/format';
import type { TOwnReportList } from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { REPORT_PDF_URL } from '../api/reports';

/** One of the person's kept reports with its Download: the dashboard's list and Credit Reports show it alike. */
export function KeptReportItem({ report }: { report: TOwnReportList['reports'][number] }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="flex min-w-0 items-center gap-2">
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {formatDateTime(report.generatedAt)}
          <span className="block text-muted-foreground">
            {report.scoreValue === null ? 'No score' : `Score ${report.scoreValue}, ${report.scoreBand}`} ·{' '}
            {plural(report.accountCount, { one: 'account', other: 'accounts' })}
          </span>
        </span>
      </span>
      <Button asChild size="sm" variant="ghost">
        <a href={`${REPORT_PDF_URL}?reportId=${report.id}`} download>
          <Download aria-hidden />
          Download <span className="sr-only">the report of {formatDateTime(report.generatedAt)}</span>
        </a>
      </Button>
    </li>
  );
}
