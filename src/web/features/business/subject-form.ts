import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { CREDIT_MESSAGES } from '@shared/schemas/credit';

/** The person an account is reported under, as a form holds it (every field text, as typed). */
export interface TSubjectForm {
  nationalId: string;
  driversLicense: string;
  passportNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  address: { line: string; district: string };
}

export const EMPTY_SUBJECT_FORM: TSubjectForm = {
  nationalId: '',
  driversLicense: '',
  passportNumber: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  address: { line: '', district: '' },
};

/** The subject's field names a server's field message may name ("subject.phone", "subject.address.line"). */
export const SUBJECT_MESSAGE_FIELDS: readonly string[] = [
  ...Object.keys(EMPTY_SUBJECT_FORM).map((k) => `subject.${k}`),
  'subject.address.line',
  'subject.address.district',
];

/**
 * zod runs the subject's cross-field rule (at least one ID number) only once its fields pass; a form
 * shows it with the other messages at once, worded as the schema words it. Returns the subject's
 * errors with that rule's added when it is broken and nothing else already sits on the field.
 */
export function withSubjectRules(errors: FieldErrors<TSubjectForm> | undefined, values: TSubjectForm): FieldErrors<TSubjectForm> {
  const subject: Record<string, unknown> = { ...(errors ?? {}) };
  if (![values.nationalId, values.driversLicense, values.passportNumber].some((v) => v.trim() !== '') && !subject.nationalId) {
    subject.nationalId = { type: 'custom', message: CREDIT_MESSAGES.idRequired } satisfies FieldError;
  }
  return subject as FieldErrors<TSubjectForm>;
}

/** "Aminata Kamara": the name typed for the person, for a sentence about them. */
export const subjectNameOf = (s: Pick<TSubjectForm, 'firstName' | 'lastName'>): string =>
  [s.firstName.trim(), s.lastName.trim()].filter(Boolean).join(' ');

/**
 * A form judged by one of the API's shared schemas on what was typed (raw: the API gets it as
 * typed, amounts in major units), with the form's own additions to the errors (`withFormRules`:
 * the cross-field messages shown beside the others). The two casts live here only: zodResolver's
 * types follow the schema's parsed output, while the form holds text as typed.
 */
export function sharedSchemaResolver<TForm extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  withFormRules: (errors: FieldErrors<TForm>, values: TForm) => Record<string, unknown>,
): Resolver<TForm> {
  const judge = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<TForm>;
  return async (values, context, options) => {
    const result = await judge(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: withFormRules(result.errors, values) } as unknown as Awaited<ReturnType<Resolver<TForm>>>;
  };
}
