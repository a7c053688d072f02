/** The constraint a unique violation hit, on pg and PGlite alike (drizzle wraps the driver's error). */
export function uniqueViolationConstraint(error: unknown): string | null {
  for (let e: any = error; e; e = e.cause) {
    if (e.code === '23505') return e.constraint ?? String(e.message ?? '');
  }
  return null;
}
