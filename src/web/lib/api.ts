import type { z } from 'zod';
import type { TErrorCode } from '@shared/error-codes';

// The web's one way to reach the API. Every request names the shared zod schema of its answer
// (src/shared/schemas, the one the server answers with), so a page gets checked data, never a cast;
// every refusal becomes an ApiError carrying the answer's stable `code`, which the app branches on.

/** One invalid field of a 4xx answer: `{message, errors: [{field, message}]}`. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A non-2xx answer. Its message is `${status}: ${serverMessage}` (spec section 8), where the server
 * message is the JSON body's `message`, else the body text, else the status text. Toasts show the
 * message; alerts and fields show `serverMessage`; code decides what to do.
 */
export class ApiError extends Error {
  /** The answer's stable `code` (src/shared/error-codes.ts): what the app branches on, never the text. */
  readonly code?: TErrorCode;
  /** The invalid fields of a 400 (and the field a 409 is about), so forms put each message under its field. */
  readonly fieldErrors: FieldError[];
  readonly field?: string;
  /** Set by the session watcher (lib/session-end.ts) when this 401 signed the person out and sent them to sign in. */
  hasEndedSession = false;

  constructor(
    readonly status: number,
    /** What the server said, for people, without the status: "You have used all 3 credit reports…". */
    readonly serverMessage: string,
    details: { code?: TErrorCode; fieldErrors?: FieldError[]; field?: string } = {},
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
    this.code = details.code;
    this.fieldErrors = details.fieldErrors ?? [];
    this.field = details.field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** True when the failure is an API answer with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: TErrorCode[]): error is ApiError {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}

/** A 2xx answer that is not what its schema says: a server and web out of step, said plainly. */
export class UnexpectedAnswerError extends Error {
  constructor(
    readonly request: string,
    problem: string,
  ) {
    super(`Unexpected answer from ${request}: ${problem}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * The schema of an answer, or a function that loads it. Code in the first bundle (the session's
 * "me" calls, the config, the landing page's reads) loads its schema with the answer, so that zod
 * is not part of the landing page's first load (decisions/012: the 150 KB budget).
 */
export type TAnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/** The ApiError of a refused request, from its status and body text (JSON error body or plain text). */
export function toApiError(status: number, statusText: string, text: string): ApiError {
  let message = text;
  let details: ConstructorParameters<typeof ApiError>[2] = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown; field?: unknown; code?: unknown } | null;
    if (body && typeof body === 'object') {
      if (typeof body.message === 'string' && body.message) message = body.message;
      details = {
        code: typeof body.code === 'string' ? (body.code as TErrorCode) : undefined,
        fieldErrors: Array.isArray(body.errors)
          ? body.errors.filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string')
          : [],
        field: typeof body.field === 'string' ? body.field : undefined,
      };
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return new ApiError(status, message || statusText || 'Request failed', details);
}

/** Checks a 2xx answer's body text against its schema and returns the parsed data. */
export async function parseAnswer<S extends z.ZodType>(request: string, text: string, schema: TAnswerSchema<S>): Promise<z.output<S>> {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new UnexpectedAnswerError(request, 'the body is not JSON');
  }
  const resolved = typeof schema === 'function' ? await schema() : schema;
  const result = resolved.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || 'the body'}: ${issue.message}`);
  throw new UnexpectedAnswerError(request, problems.join('; '));
}

/**
 * Who hears of every refusal (the app's session watcher, lib/session-end.ts): one place sees a 401 on
 * any request or action, read or change, file or JSON, whichever page or component made it.
 */
type TRefusalListener = (error: ApiError) => void;
const refusalListeners = new Set<TRefusalListener>();

export function onApiRefusal(listener: TRefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Tells the listeners of a refusal and returns it, to be thrown. */
export function reportRefusal(error: ApiError): ApiError {
  for (const listener of refusalListeners) listener(error);
  return error;
}

export interface TRequestOptions {
  /** A 401 is this read's answer ("not signed in as that role"), not a session that ended: the "me" calls. */
  isUnauthorizedAnAnswer?: boolean;
}

/** Sends a request with the session cookie (and a JSON body); a refusal throws ApiError. */
export async function apiFetch(method: string, path: string, body?: unknown, options: TRequestOptions = {}): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = toApiError(response.status, response.statusText, await response.text().catch(() => ''));
    throw options.isUnauthorizedAnAnswer && error.status === 401 ? error : reportRefusal(error);
  }
  return response;
}

/** A change: sends the JSON body and returns the answer, checked against its schema. */
export async function apiSend<S extends z.ZodType>(
  method: string,
  path: string,
  schema: TAnswerSchema<S>,
  body?: unknown,
  options: TRequestOptions = {},
) {
  const response = await apiFetch(method, path, body, options);
  return parseAnswer(`${method} ${path}`, await response.text(), schema);
}

/** A read: the answer of GET path, checked against its schema. */
export const apiGet = <S extends z.ZodType>(path: string, schema: TAnswerSchema<S>) => apiSend('GET', path, schema);

/** A read that yields null on 401 instead of raising (spec section 8: "may be configured"). */
export async function apiGetOrNullOn401<S extends z.ZodType>(path: string, schema: TAnswerSchema<S>): Promise<z.output<S> | null> {
  try {
    return await apiSend('GET', path, schema, undefined, { isUnauthorizedAnAnswer: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** A query string of the values that are set (empty strings and undefined left out). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
