import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { DISTRICTS } from '@shared/districts';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/input';
import type { TSubjectForm } from './subject-form';

/**
 * The person's fields of a report (names, the three ID numbers, phone, birth date, district and
 * address) for any form whose values hold them under `subject`: Report a Defaulter and moving an
 * account to the right person. Ids are the prefix and the name ("subject-firstName"); no autofill
 * (another person's details).
 */
export function SubjectFields<T extends { subject: TSubjectForm }>({
  form,
  idPrefix = '',
  legend = 'The person',
}: {
  form: UseFormReturn<T>;
  idPrefix?: string;
  legend?: string;
}) {
  const field = { form, idPrefix, autoComplete: 'off' };
  const name = (key: string) => `subject.${key}` as FieldPath<T>;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField {...field} name={name('firstName')} label="First name" />
        <FormField {...field} name={name('middleName')} label="Middle name (optional)" />
        <FormField {...field} name={name('lastName')} label="Last name" />
      </div>
      <p className="text-sm text-muted-foreground">At least one valid ID number: National ID, Driver&apos;s License or Passport.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField {...field} name={name('nationalId')} label="National ID (NIN)" />
        <FormField {...field} name={name('driversLicense')} label="Driver's License" />
        <FormField {...field} name={name('passportNumber')} label="Passport" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField {...field} name={name('phone')} label="Phone number" placeholder="+232 XX XXX XXXX" inputMode="tel" />
        <FormField {...field} name={name('dateOfBirth')} label="Date of birth (optional)" type="date" />
        <FormField {...field} name={name('address.district')} label="District">
          <NativeSelect {...form.register(name('address.district'))}>
            <option value="">From the address</option>
            {DISTRICTS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField {...field} name={name('address.line')} label="Address" placeholder="House number, street, town" />
    </fieldset>
  );
}
