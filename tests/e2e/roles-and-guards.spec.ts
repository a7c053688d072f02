import type { Page } from '@playwright/test';
import type { TRole } from '../../src/shared/roles';
import { DEMO_ACCOUNTS, login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';

const NAV: Record<TRole, { label: string; href: string }[]> = {
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
const ROLES = Object.keys(NAV) as TRole[];
const NAME: Partial<Record<TRole, string>> = {
  business: DEMO_ACCOUNTS.business.businessName,
  consumer: `${DEMO_ACCOUNTS.consumer.firstName} ${DEMO_ACCOUNTS.consumer.lastName}`,
};

/** Pages an area has built (their own specs test them); the rest show the honest empty state. */
const BUILT_PAGES = new Set([
  '/consumer/dashboard',
  '/consumer/reports',
  '/consumer/disputes',
  '/consumer/privacy',
  '/consumer/access-log',
  '/consumer/settings',
  '/business/dashboard',
  '/business/search',
  '/business/reports',
  '/business/disputes',
  '/business/analytics',
  '/business/settings',
  '/admin/dashboard',
  '/admin/users',
  '/admin/compliance',
  '/admin/security',
  '/admin/settings',
  '/regulator/dashboard',
  '/regulator/compliance',
  '/regulator/audits',
  '/regulator/investigations',
  '/regulator/incidents',
  '/regulator/settings',
]);

const expectAccessPortal = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Access Portal' })).toBeVisible();

test('a visitor reaching any role route, /dashboard, /subscribe, /analytics or /credit-scoring sees the access portal', async ({
  page,
}) => {
  const paths = [...ROLES.flatMap((role) => NAV[role].map((l) => l.href)), '/dashboard', '/subscribe', '/analytics', '/credit-scoring'];
  for (const path of paths) {
    await page.goto(path);
    await expectAccessPortal(page);
    await expect(page).toHaveURL(path);
  }
});

for (const role of ROLES) {
  test(`${role}: header links, name, every route of the group, other groups show the portal, logout`, async ({ page }) => {
    await login(page, role);
    const nav = page.getByRole('navigation', { name: /navigation$/ });
    const links = NAV[role];
    await expect(nav.getByRole('link')).toHaveText(links.map((l) => l.label));
    if (NAME[role]) await expect(page.getByTestId('signed-in-name')).toHaveText(NAME[role]!);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    for (const link of links) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.href);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.label);
      await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('aria-current', 'page');
      // Honest empty state until an area builds the page, never sample figures.
      if (!BUILT_PAGES.has(link.href)) await expect(page.getByText('Nothing to show yet')).toBeVisible();
    }

    // "/" and "/dashboard" show this role's dashboard.
    for (const path of ['/', '/dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(links[0].label);
    }

    // Another role's group shows the access portal.
    const other = ROLES.find((r) => r !== role)!;
    await page.goto(NAV[other][1].href);
    await expectAccessPortal(page);

    await page.goto(links[0].href);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(toastRegion(page).getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Access Portal' })).toBeVisible();
    await page.goto(links[1].href);
    await expectAccessPortal(page);
  });
}

test('business-only routes: /analytics and /credit-scoring', async ({ page }) => {
  await login(page, 'business');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  await page.goto('/credit-scoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit Scoring');
  await login(page, 'consumer');
  await page.goto('/analytics');
  await expectAccessPortal(page);
});

test('role header on a phone: menu with links and Logout (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'consumer');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Personal Credit Portal' });
  await expect(menu.getByText('Aminata Kamara')).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(NAV.consumer.map((l) => l.label));
  await menu.getByRole('link', { name: 'Data Access Log' }).click();
  await expect(page).toHaveURL('/consumer/access-log');
  await expect(menu).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(toastRegion(page).getByText('Logged out successfully')).toBeVisible();
});

test('the landing header shows "Dashboard" to a signed-in business on the public pages', async ({ page }) => {
  await login(page, 'business');
  await page.goto('/why');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/business/dashboard');
  await expect(page.getByText('0.00012 Gwei')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Access Portal' })).toHaveCount(0);
});

test.describe('subscription page', () => {
  test('a consumer is told subscriptions are for businesses', async ({ page }) => {
    await login(page, 'consumer');
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Subscriptions are for businesses' })).toBeVisible();
    await expect(page.getByTestId('signed-in-name')).toHaveText(NAME.consumer!);
  });

  test('a business picks Professional and pays through the payment dialog', async ({ page }) => {
    await login(page, 'business');
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
    await expect(page.getByTestId('subscribe-plan-enterprise')).toContainText('Priced by agreement');
    await expectNoSeriousA11yViolations(page);
    await page
      .getByTestId('subscribe-plan-professional')
      .getByRole('button', { name: /Professional/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Payment Information' })).toBeVisible();
    await expect(dialog.getByText('$250.00 USD')).toBeVisible();
    await expect(dialog.getByTestId('payment-sll')).toHaveText('approx. 5,687,500 SLL');
    await dialog.getByLabel('Name on Card').fill('Demo Microfinance');
    await dialog.getByLabel('Card Number').fill('4000000000000002');
    await dialog.getByLabel('Expiry Date (MM/YY)').fill('0139');
    await expect(dialog.getByLabel('Expiry Date (MM/YY)')).toHaveValue('01/39');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByTestId('payment-error')).toHaveText('Your card was declined. Please use a different card.');
    await dialog.getByLabel('Card Number').fill('4242424242424242');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByText('Payment Successful!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/business/dashboard');
    await expect(page.getByText('Subscription active')).toBeVisible();
    await page.goto('/subscribe');
    await expect(page.getByTestId('subscribe-plan-professional')).toContainText('Current plan');
  });
});

test('the name in the role header has a tooltip that opens after the 700 ms delay', async ({ page }) => {
  await login(page, 'business');
  await expect(page.getByTestId('signed-in-name')).toBeVisible();
  // The page itself notes when the pointer arrives and when the tooltip appears, so a slow machine
  // (CI saw the check after 300 ms land after 700 ms) cannot make the delay look shorter or longer.
  await page.evaluate(() => {
    const times = ((window as any).__tooltipTimes = { entered: 0, shown: 0 });
    document.querySelector('[data-testid="signed-in-name"]')!.addEventListener('pointerenter', () => (times.entered = performance.now()));
    new MutationObserver(() => {
      if (!times.shown && document.querySelector('[role="tooltip"]')) times.shown = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('signed-in-name').hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Signed in to the Business Operations Portal as Business / Vendor');
  const { entered, shown } = await page.evaluate(() => (window as any).__tooltipTimes);
  expect(entered).toBeGreaterThan(0);
  expect(shown - entered).toBeGreaterThanOrEqual(650);
});
