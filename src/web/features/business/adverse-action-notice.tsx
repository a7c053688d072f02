import { Download, FileText } from 'lucide-react';
import { adverseActionNotice } from '@shared/adverse-action';
import type { TCreditReport } from '@shared/schemas/credit';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useSession } from '@web/lib/session';
import { adverseActionPdfUrl } from './api/report-copies';

/**
 * The adverse-action notice under a report (issue 19): what the lender gives an applicant it declines
 * on the strength of this report, in the words of @shared/adverse-action (the PDF has the same). Left
 * out of the printed report: it is a document of its own, downloaded for the applicant.
 */
export function AdverseActionNotice({ report }: { report: TCreditReport }) {
  const { session } = useSession();
  const lenderName = session?.role === 'business' ? session.profile.businessName : 'The lender';
  const notice = adverseActionNotice(report, lenderName);
  return (
    <Card className="print:hidden" data-testid="adverse-action-notice">
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <h3 className="flex items-center gap-2">
              <FileText className="size-5 text-muted-foreground" aria-hidden />
              {notice.title}
            </h3>
          </CardTitle>
          <CardDescription>
            If you decline this application on the strength of this report, give the applicant this notice: it tells them why and what they
            may do.
          </CardDescription>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <a href={adverseActionPdfUrl(report.reportId)} download>
            <Download aria-hidden />
            Download notice (PDF)
          </a>
        </Button>
      </CardHeader>
      <CardContent className="space-y-4 text-sm leading-relaxed">
        <p>{notice.decision}</p>
        <p>{notice.score}</p>
        {notice.factors.length > 0 || notice.noFactors ? (
          <div className="space-y-2">
            <h4 className="font-medium">{notice.factorsTitle}</h4>
            {notice.noFactors ? <p>{notice.noFactors}</p> : null}
            <ul className="list-disc space-y-1.5 pl-5">
              {notice.factors.map((factor) => (
                <li key={factor.title}>
                  <span className="font-medium">{factor.title}.</span> {factor.sentence}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="space-y-2">
          <h4 className="font-medium">{notice.rightsTitle}</h4>
          <ul className="list-disc space-y-1.5 pl-5">
            {notice.rights.map((right) => (
              <li key={right}>{right}</li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-muted-foreground">{notice.reference}</p>
      </CardContent>
    </Card>
  );
}
