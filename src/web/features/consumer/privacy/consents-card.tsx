import { UserCheck } from 'lucide-react';
import { formatDate } from '@shared/format';
import { consentStatusLabel } from '@shared/labels';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/lib/toast';
import { useConsents, useRevokeConsent } from '../api/consents';
import { GrantConsentForm, WithdrawConsentForm } from './consent-forms';

/** Consents to businesses: grant, withdraw, and the list with revoke. */
export function ConsentsCard() {
  const consents = useConsents();
  const revoke = useRevokeConsent({
    onSuccess: () =>
      toast({
        kind: 'success',
        title: 'Consent revoked',
        description: 'That business can no longer pull your credit report for this purpose.',
      }),
    errorToast: 'Not revoked',
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Consents to businesses</h2>
          </CardTitle>
          <CardDescription>
            Give one lender your consent to check your credit for one purpose, for a time you choose. Revoke it whenever you like, or
            withdraw your consent from a business for every purpose: that lender can then no longer pull your report, except to review an
            open account you held with it before you withdrew (unless you withdraw that purpose too).
          </CardDescription>
        </div>
        <UserCheck className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-6">
        <GrantConsentForm />
        <WithdrawConsentForm />
        {consents.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : consents.data?.consents.length ? (
          <Table caption="Your consents to businesses">
            <TableHeader>
              <TableRow>
                <TableHead>Business</TableHead>
                <TableHead>Purpose</TableHead>
                <TableHead>Granted</TableHead>
                <TableHead>Until</TableHead>
                <TableHead>Status</TableHead>
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
                    <Badge variant={c.status === 'active' ? 'success' : 'secondary'}>{consentStatusLabel(c.status)}</Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {c.status === 'active' ? (
                      <Button size="sm" variant="outline" onClick={() => revoke.mutate({ id: c.id })} disabled={revoke.isPending}>
                        Revoke <span className="sr-only">the consent of {c.businessName}</span>
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">You have granted no consent.</p>
        )}
      </CardContent>
    </Card>
  );
}
