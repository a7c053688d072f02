import type { FieldError, FieldErrors } from 'react-hook-form';
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
