import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { ZAcceptInvitationSchema, type TAcceptInvitation } from '@shared/schemas/admin';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { formatDateTime } from '@shared/format';
import { useAcceptInvitation, useInvitation } from './api/invitation';

const ROLE_TEXT = { system_admin: 'system administrator', regulator: 'regulator' } as const;
const SIGN_IN = { system_admin: '/admin/login', regulator: '/auth' } as const;

/** /invite/:token: an invited administrator or regulator chooses a username and password, once. */
export default function AcceptInvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const info = useInvitation(token);
  const form = useForm<TAcceptInvitation>({
    resolver: zodResolver(ZAcceptInvitationSchema),
    defaultValues: { fullName: '', username: '', position: '', password: '', confirmPassword: '' },
  });
  const accept = useAcceptInvitation(token, {
    onSuccess: (r) => toast({ kind: 'success', title: 'Account created', description: r.message }),
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: 'Could not create the account', description: errorMessageOf(error, 'Please try again') });
    },
  });
  const { errors } = form.formState;
  const role = info.data?.role;
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary">
            <KeyRound className="size-6 text-brand-blue" aria-hidden />
          </span>
          <CardTitle className="text-2xl">
            <h1>Accept your invitation</h1>
          </CardTitle>
          <CardDescription>
            {role
              ? `You are invited to CreditCheck SL as ${ROLE_TEXT[role]} (${info.data!.email}).`
              : 'CreditCheck SL staff accounts are by invitation only.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {info.isLoading ? (
            <Skeleton className="h-48" />
          ) : info.isError ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>This link cannot be used</AlertTitle>
              <AlertDescription>{errorMessageOf(info.error, 'Please try again')}</AlertDescription>
            </Alert>
          ) : accept.isSuccess && role ? (
            <div className="space-y-4 text-center">
              <Alert variant="info" role="status">
                <AlertTitle>Your account is ready</AlertTitle>
                <AlertDescription>Sign in with your username and password.</AlertDescription>
              </Alert>
              <Button asChild className="w-full">
                <Link href={SIGN_IN[role]}>Go to sign in</Link>
              </Button>
            </div>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => accept.mutate(values))}>
              <Field id="invite-full-name" label="Full name" error={errors.fullName?.message}>
                <Input autoComplete="name" {...form.register('fullName')} />
              </Field>
              <Field id="invite-position" label="Position (optional)" error={errors.position?.message}>
                <Input autoComplete="organization-title" {...form.register('position')} />
              </Field>
              <Field id="invite-username" label="Username" error={errors.username?.message}>
                <Input autoComplete="username" {...form.register('username')} />
              </Field>
              <Field id="invite-password" label="Password" error={errors.password?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('password')} />
              </Field>
              <Field id="invite-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </Field>
              <Button type="submit" className="w-full" disabled={accept.isPending}>
                {accept.isPending ? 'Creating account...' : 'Create my account'}
              </Button>
              <p className="text-center text-xs text-muted-foreground">
                The link works once and expires {info.data ? formatDateTime(info.data.expiresAt, { withZone: true }) : ''}.
              </p>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
