import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { ZAdminLoginFormSchema } from '@shared/schemas/auth';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { useLogin } from './api/login';
import { PASSWORD_RESET_PATH } from '@shared/app-routes';

type TForm = z.input<typeof ZAdminLoginFormSchema>;

/** /admin/login: the administrators' own sign-in page. */
export default function AdminLoginPage() {
  const [, navigate] = useLocation();
  const form = useForm<TForm>({ resolver: zodResolver(ZAdminLoginFormSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const login = useLogin({
    onSuccess: () => {
      toast({ kind: 'success', title: 'Login successful', description: 'Welcome to the admin dashboard' });
      navigate('/admin/dashboard');
    },
    onError: () => toast({ kind: 'error', title: 'Login failed', description: 'Invalid username or password' }),
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary">
            <ShieldAlert className="size-6 text-brand-blue" aria-hidden />
          </span>
          <CardTitle className="text-2xl">
            <h1>Administrator Login</h1>
          </CardTitle>
          <CardDescription>Restricted to CreditCheck SL system administrators.</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => login.mutate({ role: 'system_admin', credentials: values }))}>
          <CardContent className="grid gap-4">
            <Field id="admin-username" label="Username" error={errors.username?.message}>
              <Input autoComplete="username" {...form.register('username')} />
            </Field>
            <Field id="admin-password" label="Password" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </Field>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
            <Link
              href={`${PASSWORD_RESET_PATH}?role=system_admin`}
              className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          </CardContent>
        </form>
      </Card>
    </AuthLayout>
  );
}
