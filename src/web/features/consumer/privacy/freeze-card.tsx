import { Lock, LockOpen } from 'lucide-react';
import type { TPrivacyStatus } from '@shared/schemas/consumer';
import { formatDate } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/lib/toast';
import { useSetFrozen } from '../api/privacy';

/** Freeze: no new lender can pull the report while the file is frozen. */
export function FreezeCard({ privacy }: { privacy: TPrivacyStatus }) {
  const isFrozen = !!privacy.frozenAt;
  const toggle = useSetFrozen({
    onSuccess: (next) =>
      toast({
        kind: 'success',
        title: next.frozenAt ? 'Your file is frozen' : 'Your file is unfrozen',
        description: next.frozenAt
          ? 'No new lender can pull your report until you unfreeze it.'
          : 'Lenders can pull your report again for a permissible purpose.',
      }),
    errorToast: 'Not changed',
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Freeze your file</h2>
          </CardTitle>
          <CardDescription>
            While frozen, no new lender can pull your report, so no one can borrow in your name. Lenders you already borrow from may still
            review your existing accounts. Unfreeze when you apply for a loan.
          </CardDescription>
        </div>
        {isFrozen ? (
          <Lock className="size-5 text-muted-foreground" aria-hidden />
        ) : (
          <LockOpen className="size-5 text-muted-foreground" aria-hidden />
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Badge variant={isFrozen ? 'warning' : 'success'} data-testid="freeze-status">
          {isFrozen ? `Frozen since ${formatDate(privacy.frozenAt!)}` : 'Not frozen'}
        </Badge>
        <Button
          variant={isFrozen ? 'outline' : 'default'}
          onClick={() => toggle.mutate(!isFrozen)}
          disabled={toggle.isPending}
          className="ml-auto"
        >
          {isFrozen ? 'Unfreeze my file' : 'Freeze my file'}
        </Button>
      </CardContent>
    </Card>
  );
}
