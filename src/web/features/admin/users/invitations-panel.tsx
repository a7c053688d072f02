import { Copy, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ZInvitationRequestSchema, type TInvitationCreated } from '@shared/schemas/admin';
import { formatDateTime } from '@shared/format';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations';
import { ROLE_LABEL } from './accounts-panel';

const INVITE_STATUS_VARIANT = { pending: 'warning', accepted: 'success', expired: 'secondary', revoked: 'secondary' } as const;

/** Invites an administrator or regulator; the invitations and their state. */
export function InvitationsPanel() {
  const invitations = useInvitations();
  const [role, setRole] = useState<'system_admin' | 'regulator'>('regulator');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [created, setCreated] = useState<TInvitationCreated | null>(null);
  const invite = useCreateInvitation({
    successToast: 'Invitation created',
    onSuccess: (r) => {
      setCreated(r);
      setEmail('');
    },
  });
  const revoke = useRevokeInvitation({ successToast: 'Invitation revoked', errorToast: 'That did not work' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZInvitationRequestSchema.safeParse({ role, email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0].message);
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, { onError: (error) => setEmailError(errorMessageOf(error, 'Please try again')) });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <SectionCard
        title="Invite an administrator or regulator"
        description="Staff accounts are by invitation only. The invitee opens a one-time link, valid for 72 hours, and sets a password."
      >
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <Field id="invite-role" label="Role">
            <NativeSelect value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
              <option value="regulator">Regulator (Bank of Sierra Leone)</option>
              <option value="system_admin">System administrator</option>
            </NativeSelect>
          </Field>
          <Field id="invite-email" label="Email" error={emailError}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" disabled={invite.isPending} className="w-full">
            <UserPlus aria-hidden />
            {invite.isPending ? 'Inviting...' : 'Send invitation'}
          </Button>
        </form>
        {created ? (
          <Alert variant="info" className="mt-4" role="status">
            <AlertTitle>{created.delivery === 'email' ? 'Invitation emailed' : 'Give this link to the invitee'}</AlertTitle>
            <AlertDescription className="space-y-2">
              <p>{created.message}</p>
              {created.link ? (
                <>
                  <p className="break-all rounded bg-muted p-2 font-mono text-xs" data-testid="invitation-link">
                    {created.link}
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      navigator.clipboard
                        .writeText(created.link!)
                        .then(() => toast({ kind: 'success', title: 'Link copied' }))
                        .catch(() => toast({ kind: 'warning', title: 'Copy the link by hand' }))
                    }
                  >
                    <Copy aria-hidden />
                    Copy link
                  </Button>
                </>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
      </SectionCard>
      <SectionCard title="Invitations">
        <QueryResult
          query={invitations}
          isEmpty={(data) => data.invitations.length === 0}
          empty="No invitations yet."
          skeletonClassName="h-24"
        >
          {(data) => (
            <Table caption="Invitations">
              <TableHeader>
                <TableRow>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Expires</TableHead>
                  <TableActionsHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.invitations.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="break-all">{i.email}</TableCell>
                    <TableCell>{ROLE_LABEL[i.role]}</TableCell>
                    <TableCell>
                      <Badge variant={INVITE_STATUS_VARIANT[i.status]} className="capitalize">
                        {i.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {i.status === 'accepted' ? `Accepted ${formatDateTime(i.acceptedAt)}` : formatDateTime(i.expiresAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      {i.status === 'pending' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(i.id)}
                          aria-label={`Revoke the invitation of ${i.email}`}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryResult>
      </SectionCard>
    </div>
  );
}
