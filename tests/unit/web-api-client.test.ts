import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ZMessageSchema } from '../../src/shared/schemas/common';
import { ZTeamSchema } from '../../src/shared/schemas/business';
import { ApiError, UnexpectedAnswerError, apiGet, apiGetOrNullOn401, apiSend, hasErrorCode, queryString } from '../../src/web/lib/api';

// The web's data layer (src/web/lib/api.ts): every answer is checked against its shared schema, and
// every refusal becomes an ApiError with the body's code.

function answer(status: number, body: unknown, init: { statusText?: string; contentType?: string } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    statusText: init.statusText,
    headers: { 'content-type': init.contentType ?? 'application/json' },
  });
}

function answerWith(response: Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiGet and apiSend', () => {
  it('returns the answer parsed by its schema (undeclared fields dropped)', async () => {
    answerWith(answer(200, { message: 'Saved', extra: 'not declared' }));
    await expect(apiGet('/api/thing', ZMessageSchema)).resolves.toEqual({ message: 'Saved' });
  });

  it('sends the session cookie, and a JSON body with its content type', async () => {
    const fetch = answerWith(answer(200, { message: 'ok' }));
    await apiSend('PUT', '/api/thing', ZMessageSchema, { a: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/thing');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('an answer of the wrong shape fails with a clear error naming the request and the field', async () => {
    answerWith(answer(200, { maxMembers: 3, planName: 'Starter', canManage: true, members: 'not a list' }));
    const failure = apiGet('/api/businesses/me/team', ZTeamSchema);
    await expect(failure).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(failure).rejects.toThrow(
      'Unexpected answer from GET /api/businesses/me/team: members: Invalid input: expected array, received string',
    );
  });

  it('an answer that is not JSON fails the same way', async () => {
    answerWith(answer(200, '<html>', { contentType: 'text/html' }));
    await expect(apiGet('/api/thing', ZMessageSchema)).rejects.toThrow('Unexpected answer from GET /api/thing: the body is not JSON');
  });

  it('loads a schema given as a function before checking the answer', async () => {
    answerWith(answer(200, { n: 3 }));
    await expect(apiGet('/api/n', async () => z.object({ n: z.number() }))).resolves.toEqual({ n: 3 });
  });
});

describe('refusals', () => {
  it('an error body yields ApiError with its code, message, field errors and field', async () => {
    answerWith(answer(402, { code: 'QUOTA_EXHAUSTED', message: 'You have used all 3 credit reports of your Starter plan this month.' }));
    const error = await apiSend('POST', '/api/credit/reports', ZMessageSchema, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      code: 'QUOTA_EXHAUSTED',
      serverMessage: 'You have used all 3 credit reports of your Starter plan this month.',
      message: '402: You have used all 3 credit reports of your Starter plan this month.',
    });
    expect(hasErrorCode(error, 'QUOTA_EXHAUSTED')).toBe(true);
    expect(hasErrorCode(error, 'SUBSCRIPTION_INACTIVE', 'FILE_FROZEN')).toBe(false);

    answerWith(
      answer(400, {
        code: 'VALIDATION_FAILED',
        message: 'Valid email is required',
        errors: [{ field: 'email', message: 'Valid email is required' }],
      }),
    );
    const invalid = (await apiSend('POST', '/api/x', ZMessageSchema, {}).catch((e: unknown) => e)) as ApiError;
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(invalid.fieldErrors).toEqual([{ field: 'email', message: 'Valid email is required' }]);

    answerWith(answer(409, { code: 'CONFLICT', message: 'That username is taken', field: 'username' }));
    const conflict = (await apiSend('POST', '/api/x', ZMessageSchema, {}).catch((e: unknown) => e)) as ApiError;
    expect(conflict).toMatchObject({ code: 'CONFLICT', field: 'username', serverMessage: 'That username is taken' });
  });

  it('spec section 8: "<status>: <message>", else the body text, else the status text', async () => {
    answerWith(answer(423, { message: 'Account locked' }));
    await expect(apiGet('/api/x', ZMessageSchema)).rejects.toThrow('423: Account locked');
    answerWith(answer(429, 'Slow down', { contentType: 'text/plain' }));
    await expect(apiGet('/api/x', ZMessageSchema)).rejects.toMatchObject({ message: '429: Slow down', code: undefined });
    answerWith(answer(429, '', { statusText: 'Too Many Requests' }));
    await expect(apiGet('/api/x', ZMessageSchema)).rejects.toMatchObject({
      message: '429: Too Many Requests',
      serverMessage: 'Too Many Requests',
    });
  });

  it('a 401 read can mean "nobody": null instead of an error', async () => {
    answerWith(answer(401, { code: 'NOT_SIGNED_IN', message: 'Please sign in' }));
    await expect(apiGetOrNullOn401('/api/businesses/me', ZMessageSchema)).resolves.toBeNull();
    answerWith(answer(403, { code: 'FORBIDDEN', message: 'No' }));
    await expect(apiGetOrNullOn401('/api/businesses/me', ZMessageSchema)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('queryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(queryString({ status: 'pending', q: '', role: undefined, page: 2, name: 'A & B' })).toBe('?status=pending&page=2&name=A+%26+B');
    expect(queryString({ q: '' })).toBe('');
  });
});
