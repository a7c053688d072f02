import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { APP_PAGE_PATHS, ROLE_NAV, SIGNED_IN_PAGE_PATHS } from '../../src/shared/app-routes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoIdentifier } from './helpers/auth';
import { uniqueSuffix } from './helpers/data';
import { expect, test } from './helpers/fixtures';
import { ROLE_API_SEGMENT, type TRole } from '../../src/shared/roles';

// Issue 20, "Done when": every page of every role, signed out and signed in, at a phone's width
// (390) and a laptop's (1366): no sideways scroll, no "401: " status prefix, no raw code, no console
// or page error, no serious axe violation. The page list is src/shared/app-routes.ts, so a new page
// is walked (or this spec fails, asking which role walks it). One browser context per identity.

const WIDTHS = [1366, 390] as const;

/** The settings tabs are pages of their own for a person (one URL each). */
const TABS: Partial<Record<string, string[]>> = {
  '/business/settings': ['profile', 'documents', 'security', 'subscription', 'team', 'api'],
  '/admin/settings': ['plans', 'policies', 'content', 'help', 'password'],
};

const ROLE_PATHS = new Set(Object.values(ROLE_NAV).flatMap((links) => links.map((link) => link.href)));
const PUBLIC_PATHS = [
  ...APP_PAGE_PATHS.filter((path) => !SIGNED_IN_PAGE_PATHS.includes(path) && !ROLE_PATHS.has(path)),
  '/invite/not-a-real-invitation',
  '/no-such-page',
];
const BUSINESS_EXTRA = SIGNED_IN_PAGE_PATHS;

function pathsOf(role: TRole, extra: readonly string[] = []): string[] {
  const paths = [...ROLE_NAV[role].map((link) => link.href), ...extra];
  return paths.flatMap((path) => [path, ...(TABS[path] ?? []).slice(1).map((tab) => `${path}?tab=${tab}`)]);
}

/** Text people must never read: a status prefix, internal codes, raw values. */
const RAW_TEXT: { name: string; pattern: RegExp }[] = [
  // A refusal's prefix is followed by the server's sentence ("401: Invalid credentials"); "85 to 100: good standing" is not one.
  { name: 'status prefix', pattern: /\b[1-5]\d\d: [A-Z]/ },
  { name: 'SCREAMING_SNAKE code', pattern: /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/ },
  { name: 'snake_case value', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/ },
  { name: 'engine name', pattern: /\bpglite\b/i },
  { name: 'bare model version', pattern: /(?<!(?:version|Version|Scorecard|scorecard):? )\b\d+\.\d+\.\d+-[a-z]+\b/ },
  { name: 'payment-history string', pattern: /(?<![+\w-])[0-9X]{8,}(?![\w-])/ },
];

/** What the page shows, field values included, without the parts that are not text (scripts, styles). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/**
 * Elements that stick out of the viewport. Overflow inside a scroll container that says it scrolls
 * (the shared Table's `data-scroll-hint`) is fine; inside any other clipping ancestor it is cut
 * off, which is a finding too, reported separately.
 */
async function overflowFindings(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewportWidth) => {
    const findings: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      findings.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}`);
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 3).join('.') : '';
      return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}> "${text}"`;
    };
    const reported = new Set<Element>();
    // Layout is read once for all elements; styles only for the few that stick out or scroll.
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const isWiderThanBox = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
      const rect = el.getBoundingClientRect();
      const sticksOut = rect.right > viewportWidth + 1 || rect.left < -1;
      if ((!isWiderThanBox && !sticksOut) || rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || style.visibility === 'hidden') continue;
      // A scroll container wider than its content shows: does it say so?
      if (isWiderThanBox && (style.overflowX === 'auto' || style.overflowX === 'scroll')) {
        if (!el.hasAttribute('data-scroll-hint') && el.tagName !== 'TEXTAREA' && el.tagName !== 'PRE')
          findings.push(`scrolls sideways without saying so: ${describe(el)}`);
        else if (viewportWidth >= 1366 && el.querySelector('table'))
          findings.push(`a table needs sideways scrolling at ${viewportWidth} px: ${describe(el)}`);
      }
      if (!sticksOut) continue;
      let ancestor = el.parentElement;
      let isInsideScroller = false;
      while (ancestor && ancestor !== document.body) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') {
          isInsideScroller = true;
          break;
        }
        ancestor = ancestor.parentElement;
      }
      if (isInsideScroller) continue;
      if (el.parentElement && reported.has(el.parentElement)) {
        reported.add(el);
        continue;
      }
      reported.add(el);
      findings.push(`wider than the ${viewportWidth} px viewport (${Math.round(rect.left)}..${Math.round(rect.right)}): ${describe(el)}`);
    }
    return findings.slice(0, 8);
  }, width);
}

/**
 * Axe with every WCAG A/AA rule at the laptop's width; narrowed to the phone's, the rules whose
 * result can change with the width (a region that now scrolls, contrast over a moved background,
 * names of controls that collapse into icons). The whole set twice doubled the walk's time.
 */
const PHONE_AXE_RULES = [
  'scrollable-region-focusable',
  'color-contrast',
  'button-name',
  'link-name',
  'aria-hidden-focus',
  'nested-interactive',
];

async function axeFindings(page: Page, width: number): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (
    width === WIDTHS[0] ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : builder.withRules(PHONE_AXE_RULES)
  ).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** The page has settled: its heading is there and nothing is loading. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="status"]:has-text("Loading"), .animate-pulse')).toHaveCount(0, { timeout: 30_000 });
  // Two frames: a layout that depends on the width (a table's scroll hint) has caught up.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const EXPECTED_API_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** Walks the paths at both widths in one context and returns every finding, by page and width. */
async function walk(browser: Browser, signIn: ((request: APIRequestContext) => Promise<void>) | null, paths: string[], label: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  if (signIn) await signIn(page.request);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (EXPECTED_API_4XX.test(message.text()) && (new URL(url, 'http://x').pathname.startsWith('/api/') || url === page.url())) return;
    errors.push(`console error: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));

  const findings: string[] = [];
  let walked = 0;
  // Each page is opened once at the laptop's width, checked, then narrowed to the phone's and
  // checked again: the layout is CSS, so narrowing shows what a phone shows, at half the cost.
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    errors.length = 0;
    await page.goto(path);
    let hasSettled = true;
    for (const width of WIDTHS) {
      const here: string[] = [];
      if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 900 });
      try {
        await settle(page);
      } catch (error) {
        if (hasSettled) here.push(`did not settle: ${(error as Error).message.split('\n')[0]}`);
        hasSettled = false;
      }
      here.push(...(await overflowFindings(page, width)));
      const text = await visibleText(page);
      for (const { name, pattern } of RAW_TEXT) {
        const match = pattern.exec(text);
        if (match)
          here.push(`${name}: "${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, ' ')}"`);
      }
      here.push(...(await axeFindings(page, width)));
      here.push(...errors.splice(0));
      if (process.env.SCREENSHOT_DIR) {
        const name = `walk-${label}${path.replace(/[/?=]+/g, '-')}-${width}`;
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
      }
      walked += 1;
      findings.push(...here.map((finding) => `${label} ${path} @${width}: ${finding}`));
    }
  }
  await context.close();
  return { findings, walked };
}

async function signInAs(request: APIRequestContext, role: TRole, username = demoIdentifier(role), password = DEMO_PASSWORD) {
  const response = await request.post(`/api/${ROLE_API_SEGMENT[role]}/login`, { data: { username, password } });
  expect(response.status(), `sign in as ${role} ${username}`).toBe(200);
}

test.describe('every page finished', () => {
  // The pages hold data worth checking: a consent on the privacy page, long recent-search rows on
  // the business dashboard, a team member who signs in as the business's staff. Each identity
  // makes its own data as it signs in (a failed test restarts the worker, and beforeAll with it).
  async function ownerWithSearches(request: APIRequestContext) {
    await signInAs(request, 'business');
    for (const nationalId of [DEMO_ACCOUNTS.consumer.nationalId, 'NOSUCHPERSON000000001']) {
      await request.post('/api/credit/search', { data: { purpose: 'credit_application', nationalId } });
    }
    await request.post('/api/credit/search', {
      data: { purpose: 'account_review', firstName: 'Mariatu-Christiana', lastName: 'Sesay-Koroma-Williams', dateOfBirth: '1988-04-12' },
    });
  }

  async function consumerWithConsent(request: APIRequestContext) {
    await signInAs(request, 'consumer');
    const lenders = (await (await request.get('/api/consumers/me/lenders')).json()) as { lenders: { id: string; name: string }[] };
    const lender = lenders.lenders.find((l) => l.name === DEMO_ACCOUNTS.business.businessName) ?? lenders.lenders[0];
    expect(lender, 'a lender to consent to').toBeDefined();
    const granted = await request.post('/api/consumers/me/consents', {
      data: { businessId: lender!.id, purpose: 'credit_application', days: 90 },
    });
    expect(granted.status()).toBe(201);
  }

  /** The owner adds a team member through the API; the page's context then signs in as that member. */
  async function staffMember(request: APIRequestContext) {
    await signInAs(request, 'business');
    const username = `walk-staff-${uniqueSuffix()}`;
    const password = 'Walk-staff-pass-1';
    const added = await request.post('/api/businesses/me/team', {
      data: { fullName: 'Walk Staff Member', username, email: `${username}@demo-microfinance.sl`, password, confirmPassword: password },
    });
    expect(added.status()).toBe(201);
    await signInAs(request, 'business', username, password);
  }

  const identities: { label: string; paths: () => string[]; signIn: ((request: APIRequestContext) => Promise<void>) | null }[] = [
    { label: 'visitor', paths: () => PUBLIC_PATHS, signIn: null },
    { label: 'consumer', paths: () => pathsOf('consumer'), signIn: consumerWithConsent },
    { label: 'business-owner', paths: () => pathsOf('business', BUSINESS_EXTRA), signIn: ownerWithSearches },
    {
      // A team member sees the owner's pages; what differs is the dashboard and the settings they may not change.
      label: 'business-staff',
      paths: () => [
        '/business/dashboard',
        '/business/settings',
        '/business/settings?tab=subscription',
        '/business/settings?tab=team',
        '/business/settings?tab=api',
      ],
      signIn: staffMember,
    },
    { label: 'admin', paths: () => pathsOf('system_admin'), signIn: (r) => signInAs(r, 'system_admin') },
    { label: 'regulator', paths: () => pathsOf('regulator'), signIn: (r) => signInAs(r, 'regulator') },
  ];

  for (const identity of identities) {
    test(`${identity.label}: every page at 1366 and 390 px`, async ({ browser }) => {
      // A quiet machine walks an identity in well under a minute; CI's 2 shared cores can take several.
      test.setTimeout(600_000);
      const started = Date.now();
      const { findings, walked } = await walk(browser, identity.signIn, identity.paths(), identity.label);
      console.log(`${identity.label}: ${walked} page views in ${Math.round((Date.now() - started) / 1000)} s, ${findings.length} findings`);
      expect(findings, `${identity.label}: findings`).toEqual([]);
    });
  }

  test('every page of the app is walked by some identity', () => {
    const walked = new Set([...PUBLIC_PATHS, ...(Object.keys(ROLE_NAV) as TRole[]).flatMap((role) => pathsOf(role, BUSINESS_EXTRA))]);
    expect(APP_PAGE_PATHS.filter((path) => !walked.has(path))).toEqual([]);
  });
});
