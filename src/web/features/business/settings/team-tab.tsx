import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ZTeamMemberCreateSchema, type TTeamMemberCreateInput } from '@shared/schemas/business';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useAddTeamMember, useRemoveTeamMember, useTeam } from '../api/team';
import { ConfirmButton } from '../parts';
import { Refusal } from './settings-fields';
import { FormField } from '@web/components/ui/form-field';

const EMPTY_MEMBER: TTeamMemberCreateInput = { fullName: '', position: '', username: '', email: '', password: '', confirmPassword: '' };

function AddMemberForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm<TTeamMemberCreateInput>({ resolver: zodResolver(ZTeamMemberCreateSchema), defaultValues: EMPTY_MEMBER });
  // Its text fields: ids "settings-<name>", no autofill unless a field asks for it.
  const field = { form, idPrefix: 'settings-', autoComplete: 'off' };
  const add = useAddTeamMember({
    onSuccess: () => {
      toast({ kind: 'success', title: 'Team member added', description: 'Give them their username and password; they sign in at /login.' });
      form.reset(EMPTY_MEMBER);
      onAdded();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))} aria-label="Add a team member">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field} name="fullName" label="Full name" />
        <FormField {...field} name="position" label="Position (optional)" />
        <FormField {...field} name="username" label="Username" hint="At least 3 characters." />
        <FormField {...field} name="email" label="Email" type="email" />
        <FormField {...field} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <FormField {...field} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
      </div>
      <Refusal error={add.error} />
      <Button type="submit" disabled={add.isPending}>
        <UserPlus aria-hidden />
        {add.isPending ? 'Adding…' : 'Add member'}
      </Button>
    </form>
  );
}

/** Everyone who signs in for the business; the owner adds and removes members. */
export function TeamTab() {
  const team = useTeam();
  const [isAdding, setIsAdding] = useState(false);
  const remove = useRemoveTeamMember({
    onSuccess: () =>
      toast({ kind: 'success', title: 'Team member removed', description: 'Their sign-in is disabled and their sessions have ended.' }),
    errorToast: 'Not removed',
  });
  if (team.isPending) return <Skeleton className="h-64" />;
  if (team.isError) return <Refusal error={team.error} />;
  const t = team.data;
  const isFull = t.members.length >= t.maxMembers;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <Users className="size-5" aria-hidden />
              Team members
            </h2>
          </CardTitle>
          <CardDescription>
            {t.members.length} of {t.maxMembers} on the {t.planName} plan, the owner included. Members search, report and answer disputes
            for the business, with their own sign-in; the owner manages the plan, the team and API keys.
          </CardDescription>
        </div>
        {t.canManage ? (
          isFull ? (
            <Button asChild variant="outline" size="sm">
              <Link href="/subscribe">Upgrade for more seats</Link>
            </Button>
          ) : (
            <Button size="sm" onClick={() => setIsAdding(true)}>
              <UserPlus aria-hidden />
              Add member
            </Button>
          )
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" data-testid="team-members">
          {t.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-medium">
                  {m.fullName} {m.isOwner ? <Badge className="ml-1">Owner</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {m.username ?? m.email}
                  {m.position ? ` · ${m.position}` : ''} ·{' '}
                  {m.lastLoginAt ? `last signed in ${formatDateTime(m.lastLoginAt)}` : 'never signed in'}
                </p>
              </div>
              {t.canManage && !m.isOwner ? (
                <ConfirmButton
                  label="Remove"
                  ariaLabel={`Remove ${m.fullName}`}
                  icon={<Trash2 aria-hidden />}
                  title={`Remove ${m.fullName}?`}
                  description="Their sign-in stops at once and their sessions end. The searches and reports they made stay on record under their name."
                  confirmLabel="Remove member"
                  onConfirm={() => remove.mutate(m.userId)}
                  disabled={remove.isPending}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <Dialog open={isAdding} onOpenChange={setIsAdding}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Add a team member</DialogTitle>
              <DialogDescription>They sign in with this username (or email) and password at the business login.</DialogDescription>
            </DialogHeader>
            <AddMemberForm onAdded={() => setIsAdding(false)} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
