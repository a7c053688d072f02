import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZBusinessPortalRegistrationSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useRegisterBusiness } from '@web/lib/registration';
import { toast } from '@web/lib/toast';
import { FormField } from '@web/components/ui/form-field';
import { TermsLinks } from '@web/components/layout/terms-links';

type TForm = z.input<typeof ZBusinessPortalRegistrationSchema>;

const EMPTY: TForm = {
  userType: 'business',
  businessName: '',
  registrationNumber: '',
  contactName: '',
  email: '',
  phone: '',
  username: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false as unknown as true,
};

/** The portal's business registration: the whole payload is sent, confirmPassword and agreeToTerms included. */
export function BusinessRegistrationForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const form = useForm<TForm>({ resolver: zodResolver(ZBusinessPortalRegistrationSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // Every text field of this form: bound to it, ids "portal-business-<name>".
  const field = { form, idPrefix: 'portal-business-' };

  const register = useRegisterBusiness<TForm>({
    onSuccess: (_data, values) => {
      toast({
        kind: 'success',
        title: 'Registration successful',
        description: 'Your business account has been created. Please login to continue.',
      });
      onRegistered(values.username);
    },
    onError: (error) => {
      applyServerFieldErrors(form, error);
      toast({
        kind: 'error',
        title: 'Registration failed',
        description: errorMessageOf(error, 'Please try again'),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => register.mutate(values))}
      aria-label="Business registration"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field} name="businessName" label="Business Name" autoComplete="organization" />
        <FormField {...field} name="registrationNumber" label="Registration Number" />
        <FormField {...field} name="contactName" label="Contact Person" autoComplete="name" />
        <FormField {...field} name="email" label="Business Email" type="email" autoComplete="email" />
        <FormField {...field} name="phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="+232 XX XXX XXXX" />
        <FormField {...field} name="username" label="Username" autoComplete="username" />
        <FormField {...field} name="password" label="Password" type="password" autoComplete="new-password" />
        <FormField {...field} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
      </div>
      <Controller
        control={form.control}
        name="agreeToTerms"
        render={({ field }) => (
          <CheckboxField
            id="portal-business-agreeToTerms"
            label="I agree to the Terms of Service and Privacy Policy"
            hint={<TermsLinks />}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            error={errors.agreeToTerms?.message}
          />
        )}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Business Account'}
      </Button>
    </form>
  );
}
