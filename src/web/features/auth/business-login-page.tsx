import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { PASSWORD_RESET_PATH } from '@shared/app-routes';
import { ZBusinessLoginFormSchema } from '@shared/schemas/auth';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useLogin } from './api/login';
import { PRODUCT_NAME } from '@web/lib/utils';
import { CheckboxField } from '@web/components/ui/checkbox-field';

type TForm = z.input<typeof ZBusinessLoginFormSchema>;

/** /login: the business login screen (spec section 2). */
export default function BusinessLoginPage() {
  const [, navigate] = useLocation();
  const form = useForm<TForm>({
    resolver: zodResolver(ZBusinessLoginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  // rememberMe stays in the form: the payload is username and password only (spec section 3).
  const login = useLogin({
    onSuccess: () => {
      toast({ kind: 'success', title: 'Login successful!' });
      navigate('/dashboard');
    },
    onError: (error) => {
      toast({ kind: 'error', title: 'Login failed', description: errorMessageOf(error, 'Login failed. Please check your credentials.') });
    },
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Login to Your Account</h1>
          </CardTitle>
          <CardDescription>Access your {PRODUCT_NAME} dashboard</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={form.handleSubmit((values) => login.mutate({ role: 'business', credentials: values }))}>
          <CardContent className="grid gap-4">
            <Field id="login-username" label="Username" error={errors.username?.message}>
              <Input autoComplete="username" {...form.register('username')} />
            </Field>
            <Field id="login-password" label="Password" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </Field>
            <div className="flex items-center justify-between gap-4">
              <Controller
                control={form.control}
                name="rememberMe"
                render={({ field }) => (
                  <CheckboxField id="login-remember" label="Remember me" checked={!!field.value} onCheckedChange={field.onChange} />
                )}
              />
              <Link
                href={`${PASSWORD_RESET_PATH}?role=business`}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
              >
                Forgot your password?
              </Link>
            </div>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
          </CardContent>
        </form>
        <CardFooter className="flex-col gap-2 text-sm text-muted-foreground">
          <p>
            Don&apos;t have an account?{' '}
            <Link href="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              Register your business
            </Link>
          </p>
          <p>
            <Link href="/admin/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Administrator login
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
