import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZMessageSchema } from '../../src/shared/schemas/common';
import { ApiError, apiGet, apiGetOrNullOn401 } from '../../src/web/lib/api';
import { errorMessageOf } from '../../src/web/lib/form-errors';
import { afterSignInPath, safeReturnPath, signInAgainPath } from '../../src/web/lib/return-path';
import { meQueryKey } from '../../src/web/lib/session';
import { isSessionEndedAnswer, watchSessionEnd } from '../../src/web/lib/session-end';

// Issue 20: people read the server's words, never "500: …"; a 401 anywhere signs the interface out and
// sends the person to sign in with where they were; the way back only ever leads to a page of this site.

afterEach(() => vi.unstubAllGlobals());

describe('errorMessageOf', () => {
  it('gives the server message without its "<status>: " prefix', () => {
    const error = new ApiError(500, 'Something went wrong on our side. Please try again.', { code: 'INTERNAL_ERROR' });
    expect(error.message).toBe('500: Something went wrong on our side. Please try again.');
    expect(errorMessageOf(error, 'fallback')).toBe('Something went wrong on our side. Please try again.');
    expect(errorMessageOf(new ApiError(401, 'Invalid credentials'), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessageOf(new ApiError(402, 'Your card was declined.'), 'x')).not.toMatch(/^\d{3}: /);
  });

  it('falls back to the spec text for an empty message, and to the message of any other error', () => {
    expect(errorMessageOf(new ApiError(500, '   '), 'Payment processing failed. Please try again.')).toBe(
      'Payment processing failed. Please try again.',
    );
    expect(errorMessageOf(new Error('The upload was interrupted.'), 'x')).toBe('The upload was interrupted.');
    expect(errorMessageOf(new Error(''), 'Please try again')).toBe('Please try again');
    expect(errorMessageOf('not an error', 'Please try again')).toBe('Please try again');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/business/search?q=Koroma')).toBe('/business/search?q=Koroma');
    expect(safeReturnPath('/consumer/disputes#new')).toBe('/consumer/disputes#new');
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/business/search'],
    ['https://evil.example'],
    ['http://evil.example/consumer/dashboard'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['business/search'],
    [''],
    [null],
    [undefined],
    [`/${'a'.repeat(2001)}`],
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses the sign-in pages themselves (signing in would lead back to signing in)', () => {
    expect(safeReturnPath('/auth?role=consumer')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
  });
});

describe('afterSignInPath and signInAgainPath', () => {
  it('goes back to a page of the role that signed in, else to its home', () => {
    expect(afterSignInPath('business', '/business/search?q=Koroma')).toBe('/business/search?q=Koroma');
    expect(afterSignInPath('business', '/analytics')).toBe('/analytics');
    expect(afterSignInPath('consumer', '/subscribe')).toBe('/subscribe');
    expect(afterSignInPath('consumer', '/business/search')).toBe('/consumer/dashboard');
    expect(afterSignInPath('consumer', '//evil.example')).toBe('/consumer/dashboard');
    expect(afterSignInPath('regulator', 'https://evil.example/regulator/dashboard')).toBe('/regulator/dashboard');
    expect(afterSignInPath('system_admin', null)).toBe('/admin/dashboard');
  });

  it('names the role, why, and where to come back to; an unsafe place is left out', () => {
    const path = signInAgainPath('consumer', '/consumer/disputes?x=1');
    const url = new URL(path, 'https://site.invalid');
    expect(url.pathname).toBe('/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({ role: 'consumer', ended: '1', next: '/consumer/disputes?x=1' });
    expect(new URL(signInAgainPath('business', '//evil.example'), 'https://site.invalid').searchParams.has('next')).toBe(false);
  });
});

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('watchSessionEnd', () => {
  function signedInAsConsumer() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQueryKey('consumer'), { id: 'c1', firstName: 'Aminata' });
    queryClient.setQueryData(['consumer', 'dashboard'], { figures: 1 });
    vi.stubGlobal('window', { location: { pathname: '/consumer/disputes', search: '?tab=open' } });
    const navigate = vi.fn();
    const stop = watchSessionEnd(queryClient, navigate);
    return { queryClient, navigate, stop };
  }

  it('a 401 on any request signs the interface out and sends the person to sign in, back to where they were', async () => {
    const { queryClient, navigate, stop } = signedInAsConsumer();
    answerWith(401, { code: 'NOT_SIGNED_IN', message: 'Not signed in' });
    const refusal = await apiGet('/api/consumers/me/disputes', ZMessageSchema).catch((e: unknown) => e);
    expect(isSessionEndedAnswer(refusal)).toBe(true);
    expect((refusal as ApiError).hasEndedSession).toBe(true);
    expect(queryClient.getQueryData(meQueryKey('consumer'))).toBeNull();
    expect(queryClient.getQueryData(['consumer', 'dashboard'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth?role=consumer&ended=1&next=%2Fconsumer%2Fdisputes%3Ftab%3Dopen');
    // A second failing read at the same moment ends nothing more.
    await apiGet('/api/consumers/me/report', ZMessageSchema).catch(() => undefined);
    expect(navigate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a wrong password, another status, or the "me" reads answering 401 end nothing', async () => {
    const { queryClient, navigate, stop } = signedInAsConsumer();
    answerWith(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    await apiGet('/api/businesses/login', ZMessageSchema).catch(() => undefined);
    answerWith(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    await apiGet('/api/consumers/me/disputes', ZMessageSchema).catch(() => undefined);
    answerWith(401, { code: 'NOT_SIGNED_IN', message: 'Not signed in' });
    await expect(apiGetOrNullOn401('/api/businesses/me', ZMessageSchema)).resolves.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(meQueryKey('consumer'))).not.toBeNull();
    stop();
  });

  it('a visitor (no one signed in) is not sent anywhere', async () => {
    const queryClient = new QueryClient();
    const navigate = vi.fn();
    const stop = watchSessionEnd(queryClient, navigate);
    answerWith(401, { code: 'NOT_SIGNED_IN', message: 'Not signed in' });
    await apiGet('/api/consumers/me/disputes', ZMessageSchema).catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });
});
