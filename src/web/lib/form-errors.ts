import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError, type ApiError } from './api';

/**
 * The sentence of the page's language for an error code, or nothing: set by the consumer portal's
 * translations (lib/i18n.ts, `common:errors.<CODE>`) so that a refusal on a Krio page reads in Krio;
 * no sentence elsewhere. This file stays free of i18next: the public pages' first load uses it.
 */
let errorSentenceOf: (code: string) => string | undefined = () => undefined;

/** Gives the pages' sentences for error codes (lib/i18n.ts does, once). */
export function sayErrorsWith(sentenceOf: (code: string) => string | undefined): void {
  errorSentenceOf = sentenceOf;
}

/** What the server said of a whole refusal, in the page's words when it has a sentence for the code. */
function serverWordsOf(error: ApiError): string {
  return (error.code && errorSentenceOf(error.code)) || error.serverMessage;
}

/**
 * Puts each field message of a 400 or 409 answer under its field. Returns true when at least one
 * message found a field of this form.
 */
export function applyServerFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = new Set(Object.keys(form.getValues()));
  let isApplied = false;
  const entries = [...error.fieldErrors];
  if (error.field && !entries.some((e) => e.field === error.field)) entries.push({ field: error.field, message: error.serverMessage });
  for (const { field, message } of entries) {
    if (!fields.has(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !isApplied });
    isApplied = true;
  }
  return isApplied;
}

/**
 * A failed call's messages by field, for forms kept in plain state: each field message of a 400 or
 * 409 answer, or the whole message under `form` when none names a field.
 */
export function fieldErrorMapOf(error: Error): Record<string, string> {
  const entries = isApiError(error) ? error.fieldErrors : [];
  return entries.length
    ? Object.fromEntries(entries.map((f) => [f.field, f.message]))
    : { form: errorMessageOf(error, 'That did not work. Please try again.') };
}

/**
 * What people read of a failed call, in a toast, an alert or an error card: the server's message
 * (on a consumer page in another language, the catalogue's sentence for its code) without its status ("You have used all 3 credit reports…", never "402: You have used…"; the
 * spec's "<status>: <body>" is the error object's internal message), else the fallback text of spec
 * section 8 ("Login failed. Please check your credentials.").
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) return serverWordsOf(error).trim() || fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** For a form of one control: its field's message, else what the server said; the fallback for other failures. */
export function singleFieldMessageOf(error: unknown, fallback: string): string {
  return isApiError(error) ? (error.fieldErrors[0]?.message ?? serverWordsOf(error)) : fallback;
}

/**
 * A refusal that names no field (a 402, 403, 409 about the whole request), said in an alert; null
 * for field errors, which the form shows under their fields, and for no error.
 */
export function refusalOf(error: unknown): string | null {
  return isApiError(error) && error.fieldErrors.length === 0 ? serverWordsOf(error) : null;
}
