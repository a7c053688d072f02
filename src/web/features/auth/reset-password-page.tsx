import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import type { z } from 'zod';
import { ROLES, type TRole } from '@shared/roles';
import { ZPasswordResetConfirmSchema, ZPasswordResetRequestSchema, type TPasswordResetRequest } from '@shared/schemas/password-reset';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/input';
import { applyServerFieldErrors, refusalOf } from '@web/lib/form-errors';
import { PORTAL_ROLE_ORDER, ROLE_INFO } from '@web/lib/role-info';
import { useConfirmPasswordReset, useRequestResetCode } from './api/password-reset';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Where each role signs in again. */
const SIGN_IN_PATH: Record<TRole, string> = { business: '/login', system_admin: '/admin/login', consumer: '/auth', regulator: '/auth' };

function roleFromQuery(search: string): TRole {
  const role = new URLSearchParams(search).get('role');
  return ROLES.find((r) => r === role) ?? 'business';
}

/** Step 1: who the person is. */
function RequestCodeForm({ initialRole, onSent }: { initialRole: TRole; onSent: (who: TPasswordResetRequest, message: string) => void }) {
  const form = useForm<TPasswordResetRequest>({
    resolver: zodResolver(ZPasswordResetRequestSchema),
    defaultValues: { role: initialRole, identifier: '' },
  });
  const role = form.watch('role');
  const send = useRequestResetCode({
    onSuccess: (answer, who) => onSent(who, answer.message),
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const refusal = refusalOf(send.error);
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
      <Field id="reset-role" label="I sign in as" error={form.formState.errors.role?.message}>
        <NativeSelect {...form.register('role')}>
          {PORTAL_ROLE_ORDER.map((r) => (
            <option key={r} value={r}>
              {ROLE_INFO[r].name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <FormField form={form} name="identifier" label={ROLE_INFO[role].identifierLabel} autoComplete="username" />
      {refusal ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending code...' : 'Send me a code'}
      </Button>
    </form>
  );
}

type TConfirmForm = z.input<typeof ZPasswordResetConfirmSchema>;

/** Step 2: the code and the new password. */
function NewPasswordForm({
  who,
  sentMessage,
  onDone,
  onStartAgain,
}: {
  who: TPasswordResetRequest;
  sentMessage: string;
  onDone: () => void;
  onStartAgain: () => void;
}) {
  const form = useForm<TConfirmForm>({
    resolver: zodResolver(ZPasswordResetConfirmSchema),
    defaultValues: { ...who, code: '', newPassword: '', confirmPassword: '' },
  });
  const confirm = useConfirmPasswordReset({ onSuccess: onDone, onError: (error) => applyServerFieldErrors(form, error) });
  const refusal = refusalOf(confirm.error);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => confirm.mutate(values as z.output<typeof ZPasswordResetConfirmSchema>))}
    >
      <Alert variant="info" role="status">
        <MailCheck aria-hidden />
        <AlertTitle>Check your phone and email</AlertTitle>
        <AlertDescription>{sentMessage}</AlertDescription>
      </Alert>
      <FormField form={form} name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      <FormField
        form={form}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, not a common password."
      />
      <FormField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
      {refusal ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? 'Saving...' : 'Set new password'}
      </Button>
      <Button type="button" variant="ghost" onClick={onStartAgain}>
        Send a new code
      </Button>
    </form>
  );
}

/** /reset-password: "Forgot your password?" for every role that signs in with a password (decisions/034). */
export default function ResetPasswordPage() {
  const search = useSearch();
  const [who, setWho] = useState<{ request: TPasswordResetRequest; message: string } | null>(null);
  const [isDone, setIsDone] = useState(false);
  const role = who?.request.role ?? roleFromQuery(search);
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Reset Your Password</h1>
          </CardTitle>
          <CardDescription>
            {isDone
              ? 'Your password is changed.'
              : 'We send a code to the phone and email on your account. No one at CreditCheck SL will ever ask you for it.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isDone ? (
            <>
              <Alert role="status">
                <CheckCircle2 aria-hidden className="text-success" />
                <AlertTitle>Password changed</AlertTitle>
                <AlertDescription>Every session of your account has been signed out. Sign in with your new password.</AlertDescription>
              </Alert>
              <Button asChild className="w-full">
                <Link href={SIGN_IN_PATH[role]}>Go to sign in</Link>
              </Button>
            </>
          ) : who ? (
            <NewPasswordForm who={who.request} sentMessage={who.message} onDone={() => setIsDone(true)} onStartAgain={() => setWho(null)} />
          ) : (
            <RequestCodeForm initialRole={role} onSent={(request, message) => setWho({ request, message })} />
          )}
          {!isDone ? (
            <p className="text-center text-sm text-muted-foreground">
              Remembered it?{' '}
              <Link href={SIGN_IN_PATH[role]} className={linkClass}>
                Back to sign in
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
