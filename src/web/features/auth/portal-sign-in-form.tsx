import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { PASSWORD_RESET_PATH } from '@shared/app-routes';
import type { z } from 'zod';
import type { TRole } from '@shared/roles';
import { ZPortalLoginFormSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Field, FieldError } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { afterSignInPath } from '@web/lib/return-path';
import { ROLE_INFO } from '@web/lib/role-info';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useLogin } from './api/login';
import { DemoCredentials } from './demo-credentials';

type TForm = z.input<typeof ZPortalLoginFormSchema>;

/** The portal's sign-in form for the selected role; `next` is where to go back to (checked: lib/return-path.ts). */
export function PortalSignInForm({ role, initialUsername, next }: { role: TRole; initialUsername?: string; next?: string | null }) {
  const [, navigate] = useLocation();
  const info = ROLE_INFO[role];
  const form = useForm<TForm>({
    resolver: zodResolver(ZPortalLoginFormSchema),
    defaultValues: { userType: role, username: initialUsername ?? '', password: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    form.setValue('userType', role);
  }, [form, role]);
  useEffect(() => {
    if (initialUsername) form.setValue('username', initialUsername);
  }, [form, initialUsername]);

  const login = useLogin({
    onSuccess: (_data, { role: signedIn }) => {
      const target = ROLE_INFO[signedIn];
      toast({ kind: 'success', title: 'Login successful', description: `Welcome to your ${target.environment}` });
      navigate(afterSignInPath(signedIn, next));
    },
    onError: (error) => {
      toast({
        kind: 'error',
        title: 'Login failed',
        description: errorMessageOf(error, 'Invalid credentials'),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => login.mutate({ role: values.userType as TRole, credentials: values }))}
      aria-label={`Sign in as ${info.name}`}
    >
      <input type="hidden" {...form.register('userType')} />
      <FieldError id="portal-user-type" message={errors.userType?.message} />
      <Field id="portal-username" label={info.identifierLabel} error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </Field>
      <Field id="portal-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Sign In'}
      </Button>
      <Link
        href={`${PASSWORD_RESET_PATH}?role=${role}`}
        className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot your password?
      </Link>
      <DemoCredentials
        role={role}
        onUse={(username, password) => {
          form.setValue('username', username, { shouldValidate: true });
          form.setValue('password', password, { shouldValidate: true });
        }}
      />
    </form>
  );
}
