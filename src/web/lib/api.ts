import type { TErrorCode } from '@shared/error-codes';

/** One invalid field of a 4xx answer: `{message, errors: [{field, message}]}`. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A non-2xx answer. Its message is `${status}: ${text}` (spec section 8), where text is the JSON
 * body's `message`, else the body text, else the status text. The field errors stay on the error
 * so forms can put each server message under its field.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly fieldErrors: FieldError[] = [],
    readonly field?: string,
    /** The answer's stable `code` (src/shared/error-codes.ts): what the app branches on, never the text. */
    readonly code?: TErrorCode,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

async function toApiError(response: Response): Promise<ApiError> {
  const raw = await response.text().catch(() => '');
  let text = raw;
  let fieldErrors: FieldError[] = [];
  let field: string | undefined;
  let code: TErrorCode | undefined;
  try {
    const body = JSON.parse(raw) as { message?: unknown; errors?: unknown; field?: unknown; code?: unknown };
    if (body && typeof body === 'object') {
      if (typeof body.message === 'string' && body.message) text = body.message;
      if (Array.isArray(body.errors)) {
        fieldErrors = body.errors.filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string');
      }
      if (typeof body.field === 'string') field = body.field;
      if (typeof body.code === 'string') code = body.code as TErrorCode;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return new ApiError(response.status, text || response.statusText || 'Request failed', fieldErrors, field, code);
}

/** Sends a request with the session cookie and a JSON body; returns the parsed JSON answer. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body);

/** A read that yields null on 401 instead of raising (spec section 8: "may be configured"). */
export async function apiGetOrNullOn401<T>(path: string): Promise<T | null> {
  try {
    return await apiGet<T>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
