/** The constraint a unique violation hit, on pg and PGlite alike (drizzle wraps the driver's error). */
export function uniqueViolationConstraint(error: unknown): string | null {
  for (let e: any = error; e; e = e.cause) {
    if (e.code === '23505') return e.constraint ?? String(e.message ?? '');
  }
  return null;
}

// Connection-level failures: the database is down, restarting, refusing connections or unreachable.
// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot connect
// now), and the network errors node-postgres and PGlite raise themselves.
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-4])/;
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end|the database system is (starting up|shutting down)/i;

/** Whether an error (or one it wraps) means the database cannot be reached, rather than a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: any = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_NETWORK_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner: unknown) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
