import type { Page } from '@playwright/test';
import { uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';

async function fillRegistration(page: Page, overrides: Partial<Record<string, string>> = {}) {
  const id = uniqueSuffix();
  const values = {
    'Business Name': `Kamara Traders ${id}`,
    'Registration Number': `SL-REG-${id}`,
    'Tax ID': `TIN-${id}`,
    'Business Address': '12 Siaka Stevens Street, Freetown',
    'Contact Name': 'Fatmata Kamara',
    Position: 'Credit Manager',
    'Phone Number': uniquePhone(),
    'Email Address': `kamara-${id}@example.sl`,
    Password: 'Str0ng-passw0rd',
    'Confirm Password': 'Str0ng-passw0rd',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value ?? '');
  await page.getByLabel('Business Type').selectOption('financial');
  await page.getByLabel('I agree to the terms and conditions').check();
  return values;
}

async function registerAndOpenPayment(page: Page) {
  await page.goto('/register');
  const values = await fillRegistration(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Information' })).toBeVisible();
  await expect(toastRegion(page).getByText('Registration successful!')).toBeVisible();
  // The dialog's title changes to "Registration Successful!" after payment: found by role alone.
  return { dialog: page.getByRole('dialog'), values };
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name on Card').fill('Fatmata Kamara');
  await dialog.getByLabel('Card Number').fill(number);
  await dialog.getByLabel('Expiry Date (MM/YY)').fill('12/39');
  await dialog.getByLabel('CVC').fill('123');
}

test.describe('business registration screen', () => {
  test('shows every validation message of the specification', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    for (const message of [
      'Business name is required',
      'Please select a business type',
      'Registration number is required',
      'Tax ID is required',
      'Address is required',
      'Contact name is required',
      'Position is required',
      'Valid phone number is required',
      'Valid email is required',
      'Password must be at least 8 characters',
      'Please confirm your password',
      'You must agree to the terms and conditions',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    // Too short.
    await page.getByLabel('Business Name').fill('A');
    await page.getByLabel('Business Address').fill('Bo');
    await page.getByLabel('Phone Number').fill('+232 76');
    await page.getByLabel('Email Address', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByText('Address is required')).toBeVisible();
    await expect(page.getByText('Valid phone number is required')).toBeVisible();
    await expect(page.getByText('Valid email is required')).toBeVisible();

    // Passwords that differ (the shared schema checks the match once the other fields are valid).
    await fillRegistration(page, { 'Confirm Password': 'Different-passw0rd' });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a duplicate email gets the server message under the email field', async ({ page }) => {
    await page.goto('/register');
    const first = await fillRegistration(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Information' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/login');

    await page.goto('/register');
    await fillRegistration(page, { 'Email Address': first['Email Address'] });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const toast = toastRegion(page);
    await expect(toast.getByText('Registration failed')).toBeVisible();
    await expect(toast.getByText('An account with this email already exists', { exact: true })).toBeVisible();
    await expect(toast.getByText(/\d{3}: /)).toHaveCount(0);
    await expect(page.getByLabel('Email Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#register-email-error')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('payment dialog after registration', () => {
  test('shows the subscription, validates the card, shows a decline, then succeeds and goes to login', async ({ page }) => {
    const { dialog } = await registerAndOpenPayment(page);
    await expect(dialog.getByText('Monthly Subscription', { exact: true })).toBeVisible();
    await expect(dialog.getByText('$100.00 USD')).toBeVisible();
    // The SLL figure from GET /api/plans (Standard at the seeded 22.75 SLE per USD), without the rate.
    await expect(dialog.getByTestId('payment-sll')).toHaveText('approx. 2,275,000 SLL');
    await expect(dialog).not.toContainText('22.75');
    await expect(dialog.getByLabel('Auto-renew my subscription monthly')).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    for (const message of [
      'Card name is required',
      'Valid card number is required',
      'Valid expiry date is required (MM/YY)',
      'Valid CVC is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await dialog.getByLabel('Expiry Date (MM/YY)').fill('12-39');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByText('Format must be MM/YY')).toBeVisible();

    // The sandbox declines 4000 0000 0000 0002: the server's 402 message is shown in the dialog.
    await fillCard(page, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(dialog.getByTestId('payment-error')).toHaveText('Your card was declined. Please use a different card.');
    await expect(dialog.getByRole('heading', { name: 'Registration Successful!' })).toHaveCount(0);

    await fillCard(page, '4242 4242 4242 4242');
    await dialog.getByLabel('Auto-renew my subscription monthly').uncheck();
    const paid = page.waitForRequest((r) => r.url().endsWith('/api/payments') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    const body = (await paid).postDataJSON();
    expect(body).toMatchObject({
      amount: 100,
      currency: 'USD',
      paymentMethod: 'card',
      status: 'success',
      planCode: 'standard',
      autoRenew: false,
      card: { name: 'Fatmata Kamara', number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(typeof body.businessId).toBe('string');
    const nextBilling = new Date(body.nextBillingDate).getTime();
    expect(nextBilling - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(nextBilling - Date.now()).toBeLessThan(32 * 86_400_000);

    await expect(dialog.getByText('Registration Successful!')).toBeVisible();
    await expect(dialog).toContainText('payment has been processed');
    await expect(dialog).toContainText('access your dashboard');
    await expect(toastRegion(page).getByText('Payment processed successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
  });

  test('closing the dialog before paying goes to the login screen', async ({ page }) => {
    const { dialog } = await registerAndOpenPayment(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the registered business can sign in after paying', async ({ page }) => {
    const { dialog, values } = await registerAndOpenPayment(page);
    await fillCard(page, '4242424242424242');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await dialog.getByRole('button', { name: 'Go to Login' }).click();
    await page.getByLabel('Username').fill(values['Email Address']!);
    await page.getByLabel('Password').fill(values.Password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('signed-in-name')).toHaveText(values['Business Name']!);
    await expect(page.getByText('Subscription active')).toBeVisible();
  });
});

test('a card the server refuses (expired) is reported under its field', async ({ page }) => {
  const { dialog } = await registerAndOpenPayment(page);
  await dialog.getByLabel('Name on Card').fill('Fatmata Kamara');
  await dialog.getByLabel('Card Number').fill('4242424242424242');
  await dialog.getByLabel('Expiry Date (MM/YY)').fill('01/20');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(dialog.getByTestId('payment-error')).toHaveText(/^(?!\d{3}: )\S/);
  await expect(dialog.getByLabel('Expiry Date (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
});
