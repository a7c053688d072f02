import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { BUSINESS_TYPES, ZBusinessRegistrationFormSchema, type TBusinessRegistrationForm } from '@shared/schemas/auth';
import { REGISTRATION_PLAN_CODE } from '@shared/schemas/payments';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { PaymentDialog, type TPayablePlan } from '@web/components/payments/payment-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { NativeSelect } from '@web/components/ui/input';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { usePlans } from '@web/lib/plans';
import { useRegisterBusiness } from '@web/lib/registration';
import { toast } from '@web/lib/toast';
import { FormField } from '@web/components/ui/form-field';
import { TermsLinks } from '@web/components/layout/terms-links';

type TForm = TBusinessRegistrationForm;

const EMPTY: TForm = {
  businessName: '',
  businessType: '',
  registrationNumber: '',
  taxId: '',
  address: '',
  contactName: '',
  contactPosition: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  terms: false as unknown as true,
};

/** The registration charge: "Monthly Subscription, $100.00 USD" (spec section 2) until the catalogue answers. */
function useRegistrationPlan(): TPayablePlan {
  const plans = usePlans();
  const plan = plans.data?.plans.find((p) => p.code === REGISTRATION_PLAN_CODE);
  return {
    code: REGISTRATION_PLAN_CODE,
    name: plan?.name ?? 'Standard',
    priceUsdCents: plan?.priceUsdCents ?? 10000,
    priceSllApprox: plan?.priceSllApprox ?? null,
  };
}

/** /register: the business registration screen, then the payment dialog over it. */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const [businessId, setBusinessId] = useState<string | undefined>();
  const [isPaymentOpen, setIsPaymentOpen] = useState(false);
  const plan = useRegistrationPlan();
  const form = useForm<TForm>({ resolver: zodResolver(ZBusinessRegistrationFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const register = useRegisterBusiness({
    onSuccess: (data) => {
      toast({ kind: 'success', title: 'Registration successful!' });
      setBusinessId(data.id);
      setIsPaymentOpen(true);
    },
    onError: (error) => {
      applyServerFieldErrors(form, error);
      toast({ kind: 'error', title: 'Registration failed', description: errorMessageOf(error, 'Registration failed. Please try again.') });
    },
  });

  // Every text field of this form: bound to it, ids "register-<name>".
  const field = { form, idPrefix: 'register-' };

  return (
    <AuthLayout width="wide">
      <Card className="mx-auto max-w-3xl">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Register Your Business</h1>
          </CardTitle>
          <CardDescription>
            Already have an account?{' '}
            <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Login here
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="grid gap-6"
            onSubmit={form.handleSubmit(() => {
              // confirmPassword and terms stay in the browser (spec section 3).
              const { confirmPassword: _confirm, terms: _terms, ...payload } = form.getValues();
              register.mutate(payload);
            })}
            aria-label="Business registration"
          >
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold uppercase tracking-wider text-muted-foreground sm:col-span-2">
                Business details
              </legend>
              <FormField {...field} name="businessName" label="Business Name" autoComplete="organization" />
              <FormField {...field} name="businessType" label="Business Type">
                <NativeSelect {...form.register('businessType')}>
                  <option value="">Select business type</option>
                  {BUSINESS_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField {...field} name="registrationNumber" label="Registration Number" />
              <FormField {...field} name="taxId" label="Tax ID" />
              <div className="sm:col-span-2">
                <FormField {...field} name="address" label="Business Address" autoComplete="street-address" />
              </div>
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold uppercase tracking-wider text-muted-foreground sm:col-span-2">
                Contact person
              </legend>
              <FormField {...field} name="contactName" label="Contact Name" autoComplete="name" />
              <FormField {...field} name="contactPosition" label="Position" autoComplete="organization-title" />
              <FormField {...field} name="phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="+232 XX XXX XXXX" />
              <FormField {...field} name="email" label="Email Address" type="email" autoComplete="email" />
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold uppercase tracking-wider text-muted-foreground sm:col-span-2">
                Account security
              </legend>
              <FormField {...field} name="password" label="Password" type="password" autoComplete="new-password" />
              <FormField {...field} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
            </fieldset>
            <Controller
              control={form.control}
              name="terms"
              render={({ field }) => (
                <CheckboxField
                  id="register-terms"
                  label="I agree to the terms and conditions"
                  hint={<TermsLinks />}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                  error={errors.terms?.message}
                />
              )}
            />
            <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
              {register.isPending ? 'Registering...' : 'Register'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <PaymentDialog
        open={isPaymentOpen}
        onOpenChange={(open) => {
          setIsPaymentOpen(open);
          // Closing the dialog, before or after payment, goes to /login (spec section 2).
          if (!open) navigate('/login');
        }}
        businessId={businessId}
        plan={plan}
        variant="registration"
        onFinish={() => {
          setIsPaymentOpen(false);
          navigate('/login');
        }}
      />
    </AuthLayout>
  );
}
