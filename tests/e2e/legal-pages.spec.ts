import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

const LEGAL = [
  { label: 'Terms of Service', path: '/legal/terms', says: ['Credit Reference Act, 2011', 'Bank of Sierra Leone', 'within 30 days'] },
  { label: 'Privacy Policy', path: '/legal/privacy', says: ['for 7 years from the date of the default', 'permissible purpose', 'lenders'] },
  {
    label: 'Data Protection',
    path: '/legal/data-protection',
    says: ['National Data Protection Policy approved in 2026', 'To see your file', 'To correct it', 'The lender has 30 days to answer'],
  },
  { label: 'Compliance', path: '/legal/compliance', says: ['Credit Reference Act, 2011', 'Bank of Sierra Leone', 'for 7 years'] },
];

test('the footer’s four Legal links each open their own page, with the settings the product applies', async ({ page }) => {
  for (const { label, path, says } of LEGAL) {
    await page.goto('/why');
    await page.getByRole('contentinfo').getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(page).toHaveTitle(`${label} · CreditCheck SL`);
    for (const text of says) await expect(page.getByRole('main')).toContainText(text);
    await expect(page.getByRole('navigation', { name: 'Legal pages' }).getByRole('link', { name: label })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `legal${path.replaceAll('/', '-')}`);
  }
});

test('a legal page on a phone has no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path } of LEGAL) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test('every registration form links the terms it asks people to agree to, opening in a new tab', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/legal/privacy');
  await expect(page.getByText('I agree to the terms and conditions')).toBeVisible();

  for (const role of ['business', 'consumer']) {
    await page.goto('/auth');
    await page.getByTestId(`role-card-${role}`).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.locator('form').filter({ hasText: 'I agree to the Terms of Service and Privacy Policy' });
    const terms = form.getByRole('link', { name: 'Terms of Service' });
    await expect(terms).toHaveAttribute('href', '/legal/terms');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  }
});

test('every page names its tab', async ({ page }) => {
  for (const [path, title] of [
    ['/', 'CreditCheck SL'],
    ['/why', 'Why a Credit Bureau · CreditCheck SL'],
    ['/auth', 'Access Portal · CreditCheck SL'],
    ['/login', 'Login · CreditCheck SL'],
    ['/help', 'Help Centre · CreditCheck SL'],
    ['/reset-password', 'Reset Your Password · CreditCheck SL'],
  ]) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
