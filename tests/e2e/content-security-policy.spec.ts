import { test as plainTest, type Page } from '@playwright/test';
import type { TRole } from '../../src/shared/roles';
import { ROLE_NAV } from '../../src/web/lib/role-info';
import { DEMO_ACCOUNTS, login } from './helpers/auth';
import { expect, test } from './helpers/fixtures';

/**
 * The built app runs under its Content-Security-Policy (plugins/security-headers.ts) with no
 * violation: every public page and every page of each role is opened, and the browser's
 * `securitypolicyviolation` events and "Content Security Policy" console lines are collected.
 * (The console fixture also fails on any console error; this names the violation.)
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

async function watchCsp(page: Page): Promise<{ console: string[] }> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
      });
    });
  });
  const seen = { console: [] as string[] };
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.console.push(message.text());
  });
  return seen;
}

/** Opens a page, waits until it has settled, and returns the violations it raised. */
async function visit(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], `CSP header on ${path}`).toContain("script-src 'self'");
  // Generous: CI shares two cores and some pages run heavy queries.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return violationsOn(page, path);
}

async function violationsOn(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => window.__cspViolations ?? []);
  return found.map((v) => `${where}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}:${v.line} ${v.sample}`);
}

const PUBLIC_PAGES = ['/', '/why', '/help', '/auth', '/login', '/register', '/admin/login', '/invite/not-a-real-token', '/no-such-page'];
const EXTRA_PAGES: Partial<Record<TRole, string[]>> = { business: ['/analytics', '/credit-scoring', '/subscribe'] };

test('public pages raise no CSP violation', async ({ page }) => {
  const seen = await watchCsp(page);
  const violations: string[] = [];
  for (const path of PUBLIC_PAGES) violations.push(...(await visit(page, path)));
  expect(violations).toEqual([]);
  expect(seen.console).toEqual([]);
});

for (const role of Object.keys(ROLE_NAV) as TRole[]) {
  test(`${role}: every page raises no CSP violation`, async ({ page }) => {
    const seen = await watchCsp(page);
    await login(page, role);
    const violations = await violationsOn(page, 'after sign-in');
    for (const path of [...ROLE_NAV[role].map((l) => l.href), ...(EXTRA_PAGES[role] ?? [])]) violations.push(...(await visit(page, path)));
    expect(violations).toEqual([]);
    expect(seen.console).toEqual([]);
  });
}

test('business: a search and a full credit report (score gauge, history) raise no CSP violation', async ({ page }) => {
  const seen = await watchCsp(page);
  await login(page, 'business');
  await page.goto(`/business/search?q=${DEMO_ACCOUNTS.consumer.nationalId}`);
  await page.getByRole('combobox', { name: 'Permissible purpose' }).selectOption('credit_application');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const candidates = page.getByTestId('candidates');
  await page.getByRole('checkbox', { name: /given their consent/ }).check();
  await candidates
    .getByRole('button', { name: /^View report of / })
    .first()
    .click();
  await expect(page.getByTestId('credit-report')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violationsOn(page, 'credit report')).toEqual([]);
  expect(seen.console).toEqual([]);
});

test("a dialog (Radix: its scroll lock injects a <style> element, allowed by style-src 'unsafe-inline') raises no CSP violation", async ({
  page,
}) => {
  const seen = await watchCsp(page);
  await login(page, 'system_admin');
  await page.goto('/admin/settings');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violationsOn(page, 'plan editor dialog')).toEqual([]);
  expect(seen.console).toEqual([]);
});

// Without the console fixture: this one causes a violation on purpose.
plainTest('the watcher sees a violation (an inline script is refused)', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/why');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.appendChild(script);
  });
  await expect.poll(() => page.evaluate(() => window.__cspViolations.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  expect((await page.evaluate(() => window.__cspViolations))[0].directive).toMatch(/^script-src/);
});
