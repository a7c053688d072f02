import type { z } from 'zod';
import { defaultErrorCode, type TErrorCode } from '@shared/error-codes';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error the client is meant to see: its status, message and code reach the response as they are.
 * `code` (src/shared/error-codes.ts) is what a program branches on; without one, the status's default.
 */
export class HttpError extends Error {
  readonly code: TErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { field?: string; errors?: FieldError[]; headers?: Record<string, string>; code?: TErrorCode } = {},
  ) {
    super(message);
    this.code = details.code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (errors: FieldError[], message = errors[0]?.message ?? 'Invalid input') =>
  new HttpError(400, message, { errors });
export const unauthorized = (message = 'Not signed in', code: TErrorCode = 'NOT_SIGNED_IN') => new HttpError(401, message, { code });
export const forbidden = (message = 'Not allowed', code: TErrorCode = 'FORBIDDEN') => new HttpError(403, message, { code });
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (field: string, message: string) => new HttpError(409, message, { field, errors: [{ field, message }] });

/** One message per field, the first: it is the one the form shows (required before format). */
export function firstErrorPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.field) && seen.add(e.field));
}

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return firstErrorPerField(
    issues.map((issue) => ({
      field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body',
      message: issue.message,
    })),
  );
}

/** Parses with a shared schema and throws a 400 naming each bad field, as route validation does. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(fieldErrorsOf(result.error.issues));
  return result.data;
}
