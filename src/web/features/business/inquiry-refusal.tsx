import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { errorMessageOf } from '@web/lib/form-errors';

/** The alert's title for a refusal, from its code (never its text). */
function titleOf(error: unknown): string {
  if (!isApiError(error)) return 'Could not complete';
  switch (error.code) {
    case 'QUOTA_EXHAUSTED':
      return 'Monthly credit reports used up';
    case 'SUBSCRIPTION_INACTIVE':
      return 'Subscription not active';
    case 'FILE_FROZEN':
      return 'File frozen';
    default:
      if (error.status === 402) return 'Subscription not active';
      if (error.status === 403) return 'Not allowed';
      return 'Could not complete';
  }
}

/** The refusal of a search or report, with the way out when there is one (upgrade, verification). */
export function InquiryRefusal({ error }: { error: unknown }) {
  const isPaymentNeeded = isApiError(error) && error.status === 402;
  return (
    <Alert variant={isPaymentNeeded ? 'warning' : 'destructive'} role="alert" data-testid="inquiry-refusal">
      <AlertTriangle aria-hidden />
      <AlertTitle>{titleOf(error)}</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>{errorMessageOf(error, 'Something went wrong')}</p>
        {isPaymentNeeded ? (
          <Button asChild size="sm">
            <Link href="/subscribe">Upgrade your plan</Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
