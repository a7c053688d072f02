import type { TRole } from './roles';

/**
 * The web app's routes, in one place for the web router (titles, role headers) and the server
 * (plugins/web-app.ts answers 404 for a path that is none of these, still with the app's page).
 */

export interface TNavLink {
  label: string;
  href: string;
}

/** Each role's header links (spec section 2, "Role headers"), word for word. */
export const ROLE_NAV: Record<TRole, TNavLink[]> = {
  system_admin: [
    { label: 'System Overview', href: '/admin/dashboard' },
    { label: 'User Management', href: '/admin/users' },
    { label: 'Compliance & Audit', href: '/admin/compliance' },
    { label: 'Security Incidents', href: '/admin/security' },
    { label: 'System Settings', href: '/admin/settings' },
  ],
  business: [
    { label: 'Dashboard', href: '/business/dashboard' },
    { label: 'Customer Search', href: '/business/search' },
    { label: 'Submit Reports', href: '/business/reports' },
    { label: 'Dispute Management', href: '/business/disputes' },
    { label: 'Analytics', href: '/business/analytics' },
    { label: 'Settings', href: '/business/settings' },
  ],
  consumer: [
    { label: 'My Profile', href: '/consumer/dashboard' },
    { label: 'Credit Reports', href: '/consumer/reports' },
    { label: 'Disputes', href: '/consumer/disputes' },
    { label: 'Privacy Controls', href: '/consumer/privacy' },
    { label: 'Data Access Log', href: '/consumer/access-log' },
    { label: 'Settings', href: '/consumer/settings' },
  ],
  regulator: [
    { label: 'Regulatory Overview', href: '/regulator/dashboard' },
    { label: 'Compliance Monitoring', href: '/regulator/compliance' },
    { label: 'Audit Reports', href: '/regulator/audits' },
    { label: 'Investigations', href: '/regulator/investigations' },
    { label: 'Incident Reports', href: '/regulator/incidents' },
    { label: 'Settings', href: '/regulator/settings' },
  ],
};

/** The four legal pages the footer's Legal links and the registration forms lead to. */
export const LEGAL_PAGES = {
  terms: { path: '/legal/terms', title: 'Terms of Service' },
  privacy: { path: '/legal/privacy', title: 'Privacy Policy' },
  dataProtection: { path: '/legal/data-protection', title: 'Data Protection' },
  compliance: { path: '/legal/compliance', title: 'Compliance' },
} as const;
export type TLegalPage = keyof typeof LEGAL_PAGES;

/** Where anyone who signs in with a password asks for a reset code and sets a new password. */
export const PASSWORD_RESET_PATH = '/reset-password';

/** The pages that are not a role's header link, with the title each tab shows. */
const OTHER_PAGE_TITLES: Record<string, string> = {
  '/': 'Home',
  '/why': 'Why a Credit Bureau',
  '/auth': 'Access Portal',
  '/login': 'Login',
  '/register': 'Register Your Business',
  '/help': 'Help Centre',
  '/admin/login': 'Administrator Login',
  '/subscribe': 'Subscription',
  '/dashboard': 'Dashboard',
  '/analytics': 'Analytics',
  '/credit-scoring': 'Credit Scoring',
  '/ussd-simulator': 'USSD Simulator',
  [PASSWORD_RESET_PATH]: 'Reset Your Password',
  ...Object.fromEntries(Object.values(LEGAL_PAGES).map((page) => [page.path, page.title])),
};

/** Routes with a parameter: the accept-invitation page and the certificate check. */
const PATTERN_TITLES: { pattern: RegExp; title: string }[] = [
  { pattern: /^\/invite\/[^/]+$/, title: 'Accept Invitation' },
  // A clearance certificate checked by anyone with its link (decisions/045).
  { pattern: /^\/verify\/[^/]+$/, title: 'Verify Certificate' },
];

const PAGE_TITLES: Record<string, string> = {
  ...OTHER_PAGE_TITLES,
  ...Object.fromEntries(Object.values(ROLE_NAV).flatMap((links) => links.map((link) => [link.href, link.label]))),
};

/** Every page of the app without a parameter (the every-page walk, tests/e2e/every-page.spec.ts). */
export const APP_PAGE_PATHS: readonly string[] = Object.keys(PAGE_TITLES);
/** The pages outside a role's header that need a signed-in business (the rest are public). */
export const SIGNED_IN_PAGE_PATHS: readonly string[] = ['/subscribe', '/dashboard', '/analytics', '/credit-scoring'];

export const PRODUCT_NAME = 'CreditCheck SL';
export const NOT_FOUND_TITLE = 'Page not found';

/** A trailing slash is the same page ("/help/" is "/help"). */
function normalise(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '/';
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
}

/** The page's own title for a path of the app, or undefined for a path that is no route. */
export function pageTitleOf(path: string): string | undefined {
  const normalised = normalise(path);
  return PAGE_TITLES[normalised] ?? PATTERN_TITLES.find(({ pattern }) => pattern.test(normalised))?.title;
}

/** Whether the web app has a page at this path (the server answers 404 otherwise). */
export function isAppRoute(path: string): boolean {
  return pageTitleOf(path) !== undefined;
}

/** What the browser tab shows: "Credit Search · CreditCheck SL"; the home page is the product's name. */
export function documentTitleOf(path: string): string {
  const title = pageTitleOf(path) ?? NOT_FOUND_TITLE;
  return title === 'Home' ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
}
