export const ROLES = ['system_admin', 'business', 'consumer', 'regulator'] as const;
export type TRole = (typeof ROLES)[number];

/** The URL segment of each role's API (/api/<segment>/login, /me, /logout), fixed by the specification. */
export const ROLE_API_SEGMENT: Record<TRole, string> = {
  business: 'businesses',
  system_admin: 'admin',
  consumer: 'consumers',
  regulator: 'regulators',
};

/** The specification's priority when detecting the signed-in role from the four /me calls. */
export const ROLE_DETECTION_ORDER: readonly TRole[] = ['business', 'system_admin', 'consumer', 'regulator'];
