import type { FieldErrors, Resolver } from 'react-hook-form';
import { ZCreditSearchSchema, type TCreditSearchInput } from '@shared/schemas/credit';

// The search form's model: the kinds of search, the form's values, the API body made from them and
// the resolver that judges them with the registry's own schema.

export const SEARCH_KINDS = [
  { value: 'nationalId', label: 'National ID' },
  { value: 'phone', label: 'Phone' },
  { value: 'driversLicense', label: "Driver's licence" },
  { value: 'passportNumber', label: 'Passport' },
  { value: 'name', label: 'Name and date of birth' },
] as const;
type TSearchKind = (typeof SEARCH_KINDS)[number]['value'];

export interface TSearchForm {
  by: TSearchKind;
  nationalId: string;
  phone: string;
  driversLicense: string;
  passportNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  purpose: string;
  consent: boolean;
}

export const EMPTY_SEARCH: TSearchForm = {
  by: 'nationalId',
  nationalId: '',
  phone: '',
  driversLicense: '',
  passportNumber: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  purpose: '',
  consent: false,
};

/** The API body for the chosen kind of search: only its fields, so the shared schema judges exactly those. */
export function toSearchPayload(values: TSearchForm): TCreditSearchInput {
  const base = { purpose: values.purpose as TCreditSearchInput['purpose'] };
  if (values.by === 'name') return { ...base, firstName: values.firstName, lastName: values.lastName, dateOfBirth: values.dateOfBirth };
  return { ...base, [values.by]: values[values.by] };
}

/** Validates with the registry's own schema (ZCreditSearchSchema), so the messages are the server's. */
export const searchResolver: Resolver<TSearchForm> = async (values) => {
  const result = ZCreditSearchSchema.safeParse(toSearchPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<TSearchForm> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? values.by) as keyof TSearchForm;
    // The "search by something" message belongs to whichever field the form shows.
    const shown = field === 'nationalId' && values.by !== 'nationalId' ? (values.by === 'name' ? 'firstName' : values.by) : field;
    if (!errors[shown]) errors[shown] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/** What the dashboard's search box sent (?q=): a phone, an ID number, or a name. */
export function formFromQuery(q: string): Partial<TSearchForm> {
  const text = q.trim();
  if (!text) return {};
  if (/^\+?[\d\s-]{8,}$/.test(text)) return { by: 'phone', phone: text };
  if (/^[A-Za-z0-9\s-]{6,20}$/.test(text) && /\d/.test(text)) return { by: 'nationalId', nationalId: text };
  const [firstName, ...rest] = text.split(/\s+/);
  return { by: 'name', firstName, lastName: rest.join(' ') };
}
