import { UserCheck } from 'lucide-react';
import { formatDate } from '@shared/format';
import { consentStatusLabel } from '@shared/labels';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useConsents, useRevokeConsent } from '../api/consents';
import { GrantConsentForm, WithdrawConsentForm } from './consent-forms';

/** Consents to businesses: grant, withdraw, and the list with revoke. */
export function ConsentsCard() {
  const { t } = useT(['privacy', 'labels']);
  const consents = useConsents();
  const revoke = useRevokeConsent({
    onSuccess: () =>
      toast({
        kind: 'success',
        title: t('consents.revokedToast'),
        description: t('consents.revokedToastText'),
      }),
    errorToast: t('consents.notRevoked'),
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{t('consents.title')}</h2>
          </CardTitle>
          <CardDescription>{t('consents.description')}</CardDescription>
        </div>
        <UserCheck className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-6">
        <GrantConsentForm />
        <WithdrawConsentForm />
        {consents.isPending ? (
          <p className="text-sm text-muted-foreground">{t('consents.loading')}</p>
        ) : consents.data?.consents.length ? (
          <Table caption={t('consents.caption')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('consents.business')}</TableHead>
                <TableHead>{t('consents.purpose')}</TableHead>
                <TableHead>{t('consents.granted')}</TableHead>
                <TableHead>{t('consents.until')}</TableHead>
                <TableHead>{t('consents.status')}</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {consents.data.consents.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.businessName}</TableCell>
                  <TableCell>{c.purposeName}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(c.grantedAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(c.revokedAt ?? c.expiresAt)}</TableCell>
                  <TableCell>
                    <Badge variant={c.status === 'active' ? 'success' : 'secondary'}>
                      {t(`labels:consentStatus.${c.status}`, { defaultValue: consentStatusLabel(c.status) })}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {c.status === 'active' ? (
                      <Button size="sm" variant="outline" onClick={() => revoke.mutate({ id: c.id })} disabled={revoke.isPending}>
                        {t('consents.revoke')} <span className="sr-only">{t('consents.revokeOf', { business: c.businessName })}</span>
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">{t('consents.none')}</p>
        )}
      </CardContent>
    </Card>
  );
}
