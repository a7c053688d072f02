import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './helpers/auth';
import { uniqueNationalId, uniquePhone, uniqueSuffix } from './helpers/data';

// Password reset in the browser (decisions/034): "Forgot your password?" leads to the page, the code
// arrives by SMS (the sandbox outbox, read as an administrator would in demo mode), the new password works.

test('a consumer resets a forgotten password with the code texted to their phone', async ({ page, request }) => {
  // A fresh consumer, so the demo account's password stays the same for other tests.
  const suffix = uniqueSuffix();
  const phone = uniquePhone();
  const nationalId = uniqueNationalId();
  const registered = await request.post('/api/consumers/register', {
    data: {
      userType: 'consumer',
      nationalId,
      firstName: 'Reset',
      lastName: `Tester${suffix}`,
      phone,
      dateOfBirth: '1990-01-01',
      password: 'Old-password-77',
      confirmPassword: 'Old-password-77',
      consentToDataProcessing: true,
      agreeToTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/auth');
  await page.getByTestId('role-card-consumer').click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/reset-password?role=consumer');
  await expect(page).toHaveTitle('Reset Your Password · CreditCheck SL');
  await expect(page.getByLabel('I sign in as')).toHaveValue('consumer');
  await expectNoSeriousA11yViolations(page);

  // Nothing typed: the field says what is missing.
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('Enter the username, email, National ID or phone you sign in with')).toBeVisible();

  await page.getByLabel('National ID or Phone').fill(nationalId);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your phone and email' })).toContainText('works once, for 15 minutes');

  // A wrong code is said under the code field, in plain words.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByLabel('New password', { exact: true }).fill('New-password-88');
  await page.getByLabel('Confirm new password').fill('New-password-88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This code is wrong or has expired. Check it, or ask for a new code.')).toBeVisible();
  await expect(page.getByText(/\b[45]\d\d: /)).toHaveCount(0);
  await shoot(page, 'reset-password-code');

  const code = await codeTextedTo(request, phone);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'reset-password-done');
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL('/auth');

  const oldLogin = await request.post('/api/consumers/login', { data: { username: nationalId, password: 'Old-password-77' } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/consumers/login', { data: { username: nationalId, password: 'New-password-88' } });
  expect(newLogin.status()).toBe(200);
});

test('the business login and the administrator login lead to the reset page with the role chosen; it fits a phone', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/reset-password?role=business');
  await expect(page.getByLabel('I sign in as')).toHaveValue('business');
  await expect(page.getByLabel('Username or Email')).toBeVisible();
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByLabel('I sign in as')).toHaveValue('system_admin');
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** The newest reset code in the sandbox SMS outbox, read as the demo administrator. */
async function codeTextedTo(request: import('@playwright/test').APIRequestContext, phone: string): Promise<string> {
  const admin = await request.post('/api/admin/login', {
    data: { username: DEMO_ACCOUNTS.system_admin.username, password: DEMO_PASSWORD },
  });
  expect(admin.status()).toBe(200);
  const outbox = await request.get('/api/admin/sandbox/sms');
  const text = await outbox.text();
  const body = JSON.parse(text) as { messages: { to: string; body: string; purpose: string }[] };
  const message = body.messages.find((m) => m.purpose === 'password_reset' && m.to === phone);
  const code = /code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset code texted to ${phone}: ${text.slice(0, 300)}`);
  await request.post('/api/admin/logout');
  return code;
}
