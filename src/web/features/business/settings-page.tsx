import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, CreditCard, KeyRound, Lock, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import {
  ZApiKeyCreateSchema,
  ZBusinessProfileUpdateSchema,
  ZPasswordChangeSchema,
  ZTeamMemberCreateSchema,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TBusinessProfile,
  type TBusinessProfileUpdate,
  type TPasswordChange,
  type TSubscription,
  type TTeamMemberCreateInput,
} from '@shared/schemas/business';
import type { TPlan } from '@shared/schemas/payments';
import { PaymentDialog, type TPayablePlan } from '@web/components/payments/payment-dialog';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field, controlProps } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { apiRequest, isApiError } from '@web/lib/api';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { formatDate, formatUsdCents, groupAmount, formatDateTime, formatShortDate, plural } from '@shared/format';
import { usePlans } from '@web/lib/plans';
import { meQueryKey, useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { businessKeys, useApiKeys, useProfile, useSubscription, useTeam } from './api';
import { ConfirmButton, PageHeader } from './parts';

const TABS = ['profile', 'security', 'subscription', 'team', 'api'] as const;
type TTab = (typeof TABS)[number];

function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  hint,
  autoComplete,
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  type?: string;
  hint?: string;
  autoComplete?: string;
}) {
  const id = `settings-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input type={type} autoComplete={autoComplete ?? 'off'} {...controlProps(id, error)} {...form.register(name)} />
    </Field>
  );
}

function Refusal({ error }: { error: unknown }) {
  if (!error || (isApiError(error) && error.fieldErrors.length > 0)) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>Not saved</AlertTitle>
      <AlertDescription>{errorMessageOf(error, 'Please try again.').replace(/^\d{3}: /, '')}</AlertDescription>
    </Alert>
  );
}

// ---------------------------------------------------------------------------------------------

function ProfileEditor({ profile }: { profile: TBusinessProfile }) {
  const queryClient = useQueryClient();
  const form = useForm<TBusinessProfileUpdate>({
    resolver: zodResolver(ZBusinessProfileUpdateSchema),
    defaultValues: {
      contactName: profile.contactName,
      contactPosition: profile.contactPosition ?? '',
      phone: profile.phone,
      email: profile.email,
      address: profile.address ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (values: TBusinessProfileUpdate) => apiRequest<TBusinessProfile>('PUT', '/api/businesses/me/profile', values),
    onSuccess: (updated) => {
      queryClient.setQueryData(businessKeys.profile, updated);
      toast({ kind: 'success', title: 'Profile saved' });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} aria-label="Contact details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="contactName" label="Contact person" autoComplete="name" />
        <TextField form={form} name="contactPosition" label="Position" />
        <TextField form={form} name="phone" label="Phone" type="tel" hint="+232 XX XXX XXXX" />
        <TextField form={form} name="email" label="Email" type="email" />
      </div>
      <TextField form={form} name="address" label="Address" autoComplete="street-address" />
      <Refusal error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save contact details'}
      </Button>
    </form>
  );
}

function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-64" />;
  if (profile.isError) return <Refusal error={profile.error} />;
  const p = profile.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Business</h2>
          </CardTitle>
          <CardDescription>
            Verified details change through CreditCheck SL: write to support with the new registration documents.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {(
              [
                ['Business name', p.businessName],
                ['Type', p.businessType ?? '—'],
                ['Registration number', p.registrationNumber],
                ['Tax ID', p.taxId ?? '—'],
                ['Verification', p.verificationStatus],
                ['Registered', formatShortDate(p.createdAt)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 border-t pt-4 text-sm">
            <p className="text-muted-foreground">Signed in as</p>
            <p className="font-medium">
              {p.user.fullName} ({p.user.username ?? p.user.email}) · {p.user.isOwner ? 'owner' : 'team member'}
            </p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Contact details</h2>
          </CardTitle>
          <CardDescription>
            {p.user.isOwner ? 'Where CreditCheck SL and regulators reach your business.' : 'Only the business owner changes these.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {p.user.isOwner ? (
            <ProfileEditor profile={p} />
          ) : (
            <dl className="grid gap-3 text-sm">
              {(
                [
                  ['Contact person', `${p.contactName}${p.contactPosition ? `, ${p.contactPosition}` : ''}`],
                  ['Phone', p.phone],
                  ['Email', p.email],
                  ['Address', p.address ?? '—'],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

function PasswordTab() {
  const form = useForm<TPasswordChange>({
    resolver: zodResolver(ZPasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: TPasswordChange) => apiRequest<{ message: string }>('POST', '/api/businesses/me/password', values),
    onSuccess: (result) => {
      form.reset();
      toast({ kind: 'success', title: 'Password changed', description: result.message });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Lock className="size-5" aria-hidden />
            Change password
          </h2>
        </CardTitle>
        <CardDescription>Changing it signs you out everywhere else; this session stays.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))} aria-label="Change password">
          <TextField form={form} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
          <TextField
            form={form}
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <TextField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
          <Refusal error={change.error} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

const isPayable = (plan: TPlan): plan is TPlan & { priceUsdCents: number } => plan.priceUsdCents !== null && plan.priceUsdCents > 0;

function SubscriptionTab() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const subscription = useSubscription();
  const plans = usePlans();
  const [chosen, setChosen] = useState<TPayablePlan | null>(null);
  const setAutoRenew = useMutation({
    mutationFn: (autoRenew: boolean) => apiRequest<TSubscription>('PATCH', '/api/businesses/me/subscription', { autoRenew }),
    onSuccess: (updated) => {
      queryClient.setQueryData(businessKeys.subscription, updated);
      toast({ kind: 'success', title: updated.autoRenew ? 'Auto-renewal on' : 'Auto-renewal off' });
    },
    onError: (error) => toast({ kind: 'error', title: 'Not changed', description: errorMessageOf(error, 'Please try again.') }),
  });
  if (subscription.isPending) return <Skeleton className="h-64" />;
  if (subscription.isError) return <Refusal error={subscription.error} />;
  const s = subscription.data;
  const current = s.plan;
  const others = (plans.data?.plans ?? []).filter(isPayable);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>
              <h2>{current.name} plan</h2>
            </CardTitle>
            <CardDescription>
              {current.monthlyInquiryQuota} credit reports a month
              {current.hasApiAccess ? ' · API access' : ''}
              {current.hasWhiteLabel ? ' · white-label reports' : ''} · up to{' '}
              {plural(current.maxTeamMembers, { one: 'person', other: 'people' })}
            </CardDescription>
          </div>
          <Badge variant={s.subscriptionStatus === 'active' ? 'success' : 'warning'} className="capitalize">
            {s.subscriptionStatus.replaceAll('_', ' ')}
          </Badge>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          <p>
            {current.isFree
              ? 'The free Starter plan is always active.'
              : current.priceUsdCents === null
                ? 'Priced by agreement with CreditCheck SL.'
                : `${formatUsdCents(current.priceUsdCents)} a month.`}{' '}
            {s.nextBillingDate ? `Paid until ${formatDate(s.nextBillingDate)}.` : null}
          </p>
          {s.canManage && !current.isFree ? (
            <CheckboxField
              id="auto-renew"
              checked={s.autoRenew}
              onCheckedChange={(checked) => setAutoRenew.mutate(checked)}
              label="Auto-renew my subscription monthly (an invoice is issued a week before each renewal; without renewal the account falls back to Starter after a 7-day grace period)"
            />
          ) : null}
          {!s.canManage ? <p className="text-muted-foreground">Only the business owner changes the plan.</p> : null}
        </CardContent>
      </Card>

      {s.canManage ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Change plan</h2>
            </CardTitle>
            <CardDescription>Paying for another plan starts it today. Enterprise is arranged with CreditCheck SL.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 md:grid-cols-3">
              {others.map((plan) => {
                const isCurrent = plan.code === current.code;
                const isUpgrade = current.priceUsdCents === null ? false : (plan.priceUsdCents ?? 0) > (current.priceUsdCents ?? 0);
                return (
                  <li key={plan.code} className="flex flex-col gap-2 rounded-lg border p-4">
                    <p className="font-semibold">{plan.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatUsdCents(plan.priceUsdCents ?? 0)}/month · {plan.monthlyInquiryQuota} reports
                    </p>
                    <Button
                      variant={isCurrent ? 'default' : 'outline'}
                      size="sm"
                      className="mt-auto"
                      onClick={() =>
                        setChosen({
                          code: plan.code,
                          name: plan.name,
                          priceUsdCents: plan.priceUsdCents ?? 0,
                          priceSllApprox: plan.priceSllApprox,
                        })
                      }
                    >
                      <CreditCard aria-hidden />
                      {isCurrent ? 'Renew' : isUpgrade ? 'Upgrade' : 'Downgrade'} to {plan.name}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <p className="mt-3 text-sm text-muted-foreground">
              To move to the free Starter plan, turn auto-renewal off: the paid plan runs to its end, and after the grace period the account
              is on Starter. All plans are on the{' '}
              <Link href="/subscribe" className="underline">
                Subscription page
              </Link>
              .
            </p>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Invoices</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {s.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm" data-testid="invoices">
                <caption className="sr-only">Invoices, newest first</caption>
                <thead className="bg-muted/50 text-left">
                  <tr>
                    {['Invoice', 'Issued', 'Plan', 'Period', 'Amount', 'Status'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.invoices.map((i) => (
                    <tr key={i.number} className="border-t">
                      <td className="px-3 py-2 font-mono text-xs">{i.number}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(i.issuedAt)}</td>
                      <td className="px-3 py-2">{i.planName}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {formatShortDate(i.periodStart)} – {formatShortDate(i.periodEnd)}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {formatUsdCents(i.amountUsdCents)} <span className="text-muted-foreground">(SLE {groupAmount(i.amountSle)})</span>
                      </td>
                      <td className="px-3 py-2">
                        <Badge variant={i.status === 'paid' ? 'success' : 'warning'} className="capitalize">
                          {i.status}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      {chosen ? (
        <PaymentDialog
          open
          onOpenChange={(open) => {
            if (!open) {
              setChosen(null);
              void queryClient.invalidateQueries({ queryKey: businessKeys.all });
              void queryClient.invalidateQueries({ queryKey: meQueryKey('business') });
            }
          }}
          businessId={session?.role === 'business' ? session.profile.id : undefined}
          plan={chosen}
          variant="subscription"
          onFinish={() => {
            setChosen(null);
            void queryClient.invalidateQueries({ queryKey: businessKeys.all });
            void queryClient.invalidateQueries({ queryKey: meQueryKey('business') });
          }}
        />
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

const EMPTY_MEMBER: TTeamMemberCreateInput = { fullName: '', position: '', username: '', email: '', password: '', confirmPassword: '' };

function AddMemberForm({ onAdded }: { onAdded: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TTeamMemberCreateInput>({ resolver: zodResolver(ZTeamMemberCreateSchema), defaultValues: EMPTY_MEMBER });
  const add = useMutation({
    mutationFn: (values: TTeamMemberCreateInput) => apiRequest('POST', '/api/businesses/me/team', values),
    onSuccess: () => {
      toast({ kind: 'success', title: 'Team member added', description: 'Give them their username and password; they sign in at /login.' });
      form.reset(EMPTY_MEMBER);
      void queryClient.invalidateQueries({ queryKey: businessKeys.team });
      onAdded();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))} aria-label="Add a team member">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="fullName" label="Full name" />
        <TextField form={form} name="position" label="Position (optional)" />
        <TextField form={form} name="username" label="Username" hint="At least 3 characters." />
        <TextField form={form} name="email" label="Email" type="email" />
        <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <TextField form={form} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
      </div>
      <Refusal error={add.error} />
      <Button type="submit" disabled={add.isPending}>
        <UserPlus aria-hidden />
        {add.isPending ? 'Adding…' : 'Add member'}
      </Button>
    </form>
  );
}

function TeamTab() {
  const queryClient = useQueryClient();
  const team = useTeam();
  const [isAdding, setIsAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (userId: string) => apiRequest('DELETE', `/api/businesses/me/team/${userId}`),
    onSuccess: () => {
      toast({ kind: 'success', title: 'Team member removed', description: 'Their sign-in is disabled and their sessions have ended.' });
      void queryClient.invalidateQueries({ queryKey: businessKeys.team });
    },
    onError: (error) => toast({ kind: 'error', title: 'Not removed', description: errorMessageOf(error, 'Please try again.') }),
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

// ---------------------------------------------------------------------------------------------

function NewKey({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setIsCopied(true);
  };
  return (
    <Alert variant="warning" role="status" data-testid="new-api-key">
      <KeyRound aria-hidden />
      <AlertTitle>Copy the key now: it is shown only once</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          &ldquo;{created.name}&rdquo; opens the credit endpoints as your business. Keep it in your system&apos;s secret store; we keep only
          a fingerprint of it.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="break-all rounded bg-background px-2 py-1 font-mono text-xs" data-testid="api-key-value">
            {created.key}
          </code>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <pre className="overflow-x-auto rounded bg-background p-2 font-mono text-xs">{`curl -H "Authorization: Bearer ${created.key.slice(0, 11)}…" \\
  -H "content-type: application/json" \\
  -d '{"purpose":"credit_application","nationalId":"SL12345678"}' \\
  ${window.location.origin}/api/credit/search`}</pre>
        <Button size="sm" onClick={onDone}>
          I have stored the key
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function ApiKeysTab() {
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const form = useForm<TApiKeyCreate>({ resolver: zodResolver(ZApiKeyCreateSchema), defaultValues: { name: '' } });
  const create = useMutation({
    mutationFn: (values: TApiKeyCreate) => apiRequest<TApiKeyCreated>('POST', '/api/businesses/me/api-keys', values),
    onSuccess: (result) => {
      setCreated(result);
      form.reset({ name: '' });
      void queryClient.invalidateQueries({ queryKey: businessKeys.apiKeys });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const revoke = useMutation({
    mutationFn: (key: TApiKey) => apiRequest<TApiKey>('DELETE', `/api/businesses/me/api-keys/${key.id}`),
    onSuccess: (key) => {
      toast({ kind: 'success', title: 'API key revoked', description: `${key.name} no longer works.` });
      void queryClient.invalidateQueries({ queryKey: businessKeys.apiKeys });
    },
    onError: (error) => toast({ kind: 'error', title: 'Not revoked', description: errorMessageOf(error, 'Please try again.') }),
  });
  if (keys.isPending) return <Skeleton className="h-64" />;
  if (keys.isError) return <Refusal error={keys.error} />;
  const k = keys.data;
  if (!k.hasApiAccess) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <KeyRound className="size-5" aria-hidden />
              Enterprise API
            </h2>
          </CardTitle>
          <CardDescription>
            Connect your loan system to the registry: search, pull reports and send monthly files with an API key, under the same quota,
            consent and purpose rules. API access is part of the Enterprise plan.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/subscribe">See Enterprise</Link>
          </Button>
          <Button asChild variant="outline">
            <a href="/api/docs">API documentation</a>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <KeyRound className="size-5" aria-hidden />
            API keys
          </h2>
        </CardTitle>
        <CardDescription>
          Send a key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> to the credit endpoints (
          <a className="underline" href="/api/docs">
            documentation
          </a>
          ). Requests count against your monthly quota and are recorded like the web app&apos;s. Revoke a key the moment you suspect it
          leaked.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        {k.canManage ? (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            noValidate
            onSubmit={form.handleSubmit((v) => create.mutate(v))}
            aria-label="Create an API key"
          >
            <div className="flex-1">
              <TextField form={form} name="name" label="Key name" hint="What will use it, e.g. Core banking system" />
            </div>
            <Button type="submit" disabled={create.isPending} className="sm:mb-6">
              <KeyRound aria-hidden />
              {create.isPending ? 'Creating…' : 'Create key'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Only the business owner creates and revokes keys.</p>
        )}
        <Refusal error={create.error} />
        {k.keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No keys yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="api-keys">
            {k.keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-medium">
                    {key.name}{' '}
                    {key.revokedAt ? (
                      <Badge variant="secondary" className="ml-1">
                        Revoked
                      </Badge>
                    ) : (
                      <Badge variant="success" className="ml-1">
                        Active
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <code className="font-mono">{key.prefix}…</code> · created {formatShortDate(key.createdAt)} by {key.createdBy} ·{' '}
                    {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used'}
                    {key.revokedAt ? ` · revoked ${formatShortDate(key.revokedAt)}` : ''}
                  </p>
                </div>
                {k.canManage && !key.revokedAt ? (
                  <ConfirmButton
                    label="Revoke"
                    ariaLabel={`Revoke ${key.name}`}
                    icon={<Trash2 aria-hidden />}
                    title={`Revoke ${key.name}?`}
                    description="Systems using this key stop working at once: their next request gets 401. This cannot be undone; create a new key to reconnect them."
                    confirmLabel="Revoke key"
                    onConfirm={() => revoke.mutate(key)}
                    disabled={revoke.isPending}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export default function SettingsPage() {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const requested = params.get('tab') as TTab | null;
  const tab: TTab = requested && TABS.includes(requested) ? requested : 'profile';
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Your business profile, your password, the plan and its invoices, your team and the Enterprise API."
      />
      <Tabs value={tab} onValueChange={(next) => navigate(`${location}?tab=${next}`, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Password</TabsTrigger>
          <TabsTrigger value="subscription">Plan and invoices</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="api">API keys</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <PasswordTab />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab />
        </TabsContent>
        <TabsContent value="api">
          <ApiKeysTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
