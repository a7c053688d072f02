import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, FilePen, Lock, Scale } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { ZConsumerRegistrationSchema, type TConsumerRegistrationForm } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useRegisterConsumer } from '@web/lib/registration';
import { toast } from '@web/lib/toast';
import { FormField } from '@web/components/ui/form-field';
import { TermsLinks } from '@web/components/layout/terms-links';

type TForm = TConsumerRegistrationForm;

const EMPTY: TForm = {
  userType: 'consumer',
  nationalId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
  consentToDataProcessing: false as unknown as true,
  agreeToTerms: false as unknown as true,
};

const RIGHTS = [
  { icon: Eye, title: 'Access', text: 'See your own credit report and score, free of charge.' },
  { icon: FilePen, title: 'Correct', text: 'Have wrong or outdated information corrected.' },
  { icon: Scale, title: 'Dispute', text: 'Challenge any entry; it is marked disputed until resolved.' },
  { icon: Lock, title: 'Privacy', text: 'Control consent and see every access to your data.' },
];

/** The consumer rights panel shown beside the consumer registration form. */
function ConsumerRights() {
  return (
    <aside aria-labelledby="consumer-rights-title" className="rounded-lg border bg-accent/50 p-4">
      <h3 id="consumer-rights-title" className="text-sm font-semibold">
        Your rights as a consumer
      </h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {RIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-2 text-sm">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              <span className="font-medium">{title}: </span>
              <span className="text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The portal's consumer registration (POST /api/consumers/register). */
export function ConsumerRegistrationForm({ onRegistered }: { onRegistered: (nationalId: string) => void }) {
  const form = useForm<TForm>({ resolver: zodResolver(ZConsumerRegistrationSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // Every text field of this form: bound to it, ids "portal-consumer-<name>".
  const field = { form, idPrefix: 'portal-consumer-' };

  // The form's raw values are sent: the server applies the same schema (trimming, NIN upper-casing).
  const register = useRegisterConsumer({
    onSuccess: (_data, values) => {
      toast({
        kind: 'success',
        title: 'Registration successful',
        description: 'Your consumer account has been created. Please login to continue.',
      });
      onRegistered(values.nationalId.trim().toUpperCase());
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
      onSubmit={form.handleSubmit(() => register.mutate(form.getValues()))}
      aria-label="Consumer registration"
    >
      <ConsumerRights />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field} name="nationalId" label="National ID" autoComplete="off" />
        <FormField {...field} name="phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="+232 XX XXX XXXX" />
        <FormField {...field} name="firstName" label="First Name" autoComplete="given-name" />
        <FormField {...field} name="lastName" label="Last Name" autoComplete="family-name" />
        <FormField {...field} name="email" label="Email (optional)" type="email" autoComplete="email" />
        <FormField {...field} name="dateOfBirth" label="Date of Birth" type="date" autoComplete="bday" />
        <FormField {...field} name="password" label="Password" type="password" autoComplete="new-password" />
        <FormField {...field} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
      </div>
      <Controller
        control={form.control}
        name="consentToDataProcessing"
        render={({ field }) => (
          <CheckboxField
            id="portal-consumer-consentToDataProcessing"
            label="I consent to the processing of my personal data for credit reporting, as the Credit Reference Act allows"
            checked={field.value === true}
            onCheckedChange={field.onChange}
            error={errors.consentToDataProcessing?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="agreeToTerms"
        render={({ field }) => (
          <CheckboxField
            id="portal-consumer-agreeToTerms"
            label="I agree to the Terms of Service and Privacy Policy"
            hint={<TermsLinks />}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            error={errors.agreeToTerms?.message}
          />
        )}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Consumer Account'}
      </Button>
    </form>
  );
}
