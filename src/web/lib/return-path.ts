import type { TRole } from '@shared/roles';
import { ROLE_INFO } from './role-info';

// Where a person goes back to after signing in again (lib/session-end.ts sends them to sign in with
// it as `next`). The value comes from the address bar, so anyone can write it: only a path of this
// site is kept, never another site ("//evil.example", "https://evil.example", "/\evil.example").

const PARSE_BASE = 'https://return-path.invalid';
const SIGN_IN_PATHS = new Set(['/auth', '/login', '/admin/login']);

/** The path (with its query and fragment) when `value` is a path of this site; null for anything else. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  // One slash, then anything but a second slash or a backslash: browsers read "//x" and "/\x" as another host.
  if (!/^\/(?![/\\])/.test(value)) return null;
  // Control characters (the URL parser drops tabs and newlines, turning "/\t/x" into "//x") and backslashes (read as "/").
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  if (SIGN_IN_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Pages any signed-in role opens, and the business pages outside /business/ (spec section 2). */
const SHARED_PATHS = ['/subscribe', '/dashboard'];
const EXTRA_PATHS: Partial<Record<TRole, string[]>> = { business: ['/analytics', '/credit-scoring'] };

/**
 * Where to go after `role` signs in with `next` asked for: the path when it is safe and one of that
 * role's pages (another role's page would only show the sign-in page again), else the role's home.
 */
export function afterSignInPath(role: TRole, next: string | null | undefined): string {
  const home = ROLE_INFO[role].home;
  const path = safeReturnPath(next);
  if (!path) return home;
  const pathname = path.replace(/[?#].*$/, '');
  const area = home.slice(0, home.indexOf('/', 1) + 1); // "/consumer/"
  const isOwn = pathname.startsWith(area) || [...SHARED_PATHS, ...(EXTRA_PATHS[role] ?? [])].includes(pathname);
  return isOwn ? path : home;
}

/** The sign-in page after a session ended: the role chosen, where to come back to, and why they are there. */
export function signInAgainPath(role: TRole, returnPath: string): string {
  const params = new URLSearchParams({ role, ended: '1' });
  const next = safeReturnPath(returnPath);
  if (next) params.set('next', next);
  return `/auth?${params.toString()}`;
}
