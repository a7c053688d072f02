import { Lock, LockOpen } from 'lucide-react';
import type { TPrivacyStatus } from '@shared/schemas/consumer';
import { formatDate } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useSetFrozen } from '../api/privacy';

/** Freeze: no new lender can pull the report while the file is frozen. */
export function FreezeCard({ privacy }: { privacy: TPrivacyStatus }) {
  const { t } = useT('privacy');
  const isFrozen = !!privacy.frozenAt;
  const toggle = useSetFrozen({
    onSuccess: (next) =>
      toast({
        kind: 'success',
        title: next.frozenAt ? t('freeze.frozenToast') : t('freeze.unfrozenToast'),
        description: next.frozenAt ? t('freeze.frozenToastText') : t('freeze.unfrozenToastText'),
      }),
    errorToast: t('freeze.notChanged'),
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{t('freeze.title')}</h2>
          </CardTitle>
          <CardDescription>{t('freeze.description')}</CardDescription>
        </div>
        {isFrozen ? (
          <Lock className="size-5 text-muted-foreground" aria-hidden />
        ) : (
          <LockOpen className="size-5 text-muted-foreground" aria-hidden />
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Badge variant={isFrozen ? 'warning' : 'success'} data-testid="freeze-status">
          {isFrozen ? t('freeze.frozenSince', { date: formatDate(privacy.frozenAt!) }) : t('freeze.notFrozen')}
        </Badge>
        <Button
          variant={isFrozen ? 'outline' : 'default'}
          onClick={() => toggle.mutate(!isFrozen)}
          disabled={toggle.isPending}
          className="ml-auto"
        >
          {isFrozen ? t('freeze.unfreeze') : t('freeze.freeze')}
        </Button>
      </CardContent>
    </Card>
  );
}
