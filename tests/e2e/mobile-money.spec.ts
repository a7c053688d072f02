import type { Page } from '@playwright/test';
import { uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

/**
 * Mobile money in demo mode (the sandbox wallets, decisions/046): the payer's number, "Approve the
 * payment on your phone" while the server waits for the provider, then paid; a declined number.
 */
async function registerAndOpenPayment(page: Page) {
  const id = uniqueSuffix();
  await page.goto('/register');
  const values: Record<string, string> = {
    'Business Name': `Sesay Mobile ${id}`,
    'Registration Number': `SL-REG-${id}`,
    'Tax ID': `TIN-${id}`,
    'Business Address': '3 Bai Bureh Road, Freetown',
    'Contact Name': 'Mohamed Sesay',
    Position: 'Director',
    'Phone Number': uniquePhone(),
    'Email Address': `sesay-${id}@example.sl`,
    Password: 'Str0ng-passw0rd',
    'Confirm Password': 'Str0ng-passw0rd',
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Business Type').selectOption('financial');
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Information' })).toBeVisible();
  return page.getByRole('dialog');
}

test.describe('paying the subscription by mobile money', () => {
  test('Orange Money: the phone, pending on the phone, then paid', async ({ page }) => {
    const dialog = await registerAndOpenPayment(page);
    await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Orange Money' }).check();
    await expect(dialog.getByLabel('Orange Money number')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Pay with Orange Money' }).click();
    await expect(dialog.getByText('Phone number is required', { exact: true })).toBeVisible();
    await dialog.getByLabel('Orange Money number').fill('+1 415 555 0100');
    await dialog.getByRole('button', { name: 'Pay with Orange Money' }).click();
    await expect(dialog.getByText('Enter a Sierra Leone mobile number (+232)', { exact: true })).toBeVisible();

    await dialog.getByLabel('Orange Money number').fill('076 123 456');
    await shoot(page, 'mobile-money-form');
    await dialog.getByRole('button', { name: 'Pay with Orange Money' }).click();
    const pending = dialog.getByTestId('mobile-money-pending');
    await expect(pending.getByText('Approve the payment on your phone')).toBeVisible();
    await expect(pending).toContainText('SLE 2,275.00');
    await expect(pending).toContainText('3456');
    await shoot(page, 'mobile-money-pending');
    await expectNoSeriousA11yViolations(page);

    // The sandbox payer approves after a few seconds; only the server's answer changes the page.
    await expect(dialog.getByText('Registration Successful!')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText(/Invoice INV-\d{6}-\w+ · Orange Money \*+3456/);
    await expect(toastRegion(page).getByText('Payment processed successfully!')).toBeVisible();
    await shoot(page, 'mobile-money-paid');
  });

  test('Afrimoney: a declined payment says so in plain words, at a phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await registerAndOpenPayment(page);
    await dialog.getByRole('radio', { name: 'Afrimoney' }).check();
    await dialog.getByLabel('Afrimoney number').fill('+232 30 120 002');
    await dialog.getByRole('button', { name: 'Pay with Afrimoney' }).click();
    await expect(dialog.getByText('Approve the payment on your phone')).toBeVisible();
    await expect(dialog.getByTestId('mobile-money-failed')).toContainText('declined', { timeout: 20_000 });
    await expect(dialog.getByTestId('mobile-money-failed')).toContainText('Nothing was charged');
    await expect(dialog.getByText(/\b[A-Z]+_[A-Z_]+\b/)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
