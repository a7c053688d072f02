import { DEMO_ACCOUNTS } from './helpers/auth';
import { expect, test, toastRegion } from './helpers/fixtures';

test('one toast at a time; F8 moves focus to the notifications; a toast can be closed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(DEMO_ACCOUNTS.business.username);
  await page.getByLabel('Password').fill('wrong-password');
  // Two failures in a row ("Forgot your password?" is a link to the reset page now, no longer a toast).
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toastRegion(page).filter({ hasText: 'Login failed' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const error = toastRegion(page).filter({ hasText: 'Login failed' });
  await expect(error).toHaveAttribute('data-kind', 'error');
  // The first toast was replaced, not stacked.
  await expect(toastRegion(page)).toHaveCount(1);

  await page.keyboard.press('F8');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')))
    .toBe('Notifications (F8)');
  await error.getByRole('button', { name: 'Close' }).click();
  await expect(toastRegion(page).filter({ has: page.locator('[data-state="open"]') })).toHaveCount(0);
});

test("a refusal reads as the server's message without its status, else the body text, else the status text", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password').fill('something');

  await page.route('**/api/businesses/login', (route) =>
    route.fulfill({ status: 423, contentType: 'application/json', body: JSON.stringify({ message: 'Account locked' }) }),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toastRegion(page).getByText('Account locked', { exact: true })).toBeVisible();

  await page.unrouteAll();
  await page.route('**/api/businesses/login', (route) => route.fulfill({ status: 429, contentType: 'text/plain', body: 'Slow down' }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toastRegion(page).getByText('Slow down', { exact: true })).toBeVisible();

  await page.unrouteAll();
  await page.route('**/api/businesses/login', (route) => route.fulfill({ status: 429, body: '' }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(toastRegion(page).getByText('Too Many Requests', { exact: true })).toBeVisible();
});

test('the server-side check catches what the browser let through, under the right field', async ({ page }) => {
  // The form passes the browser's checks; the server answers 400 with a field list.
  await page.route('**/api/consumers/register', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Date of birth is required',
        errors: [{ field: 'dateOfBirth', message: 'Date of birth is required' }],
      }),
    }),
  );
  await page.goto('/auth');
  await page.getByTestId('role-card-consumer').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Consumer registration' });
  await form.getByLabel('National ID').fill('SLTEST123');
  await form.getByLabel('Phone Number').fill('+23276123456');
  await form.getByLabel('First Name').fill('Abu');
  await form.getByLabel('Last Name').fill('Koroma');
  await form.getByLabel('Date of Birth').fill('1985-01-31');
  await form.getByLabel('Password', { exact: true }).fill('Str0ng-passw0rd');
  await form.getByLabel('Confirm Password').fill('Str0ng-passw0rd');
  await form.getByLabel(/I consent to the processing/).check();
  await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await form.getByRole('button', { name: 'Create Consumer Account' }).click();
  await expect(toastRegion(page).getByText('Date of birth is required', { exact: true })).toBeVisible();
  await expect(form.locator('#portal-consumer-dateOfBirth-error')).toHaveText('Date of birth is required');
  await expect(form.getByLabel('Date of Birth')).toBeFocused();
});
