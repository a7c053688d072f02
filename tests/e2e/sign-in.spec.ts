import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './helpers/auth';
import { expect, test, toastRegion } from './helpers/fixtures';

test.describe('business login screen (/login)', () => {
  test('title, fields, links and validation messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
    await expect(page.getByText('Access your CreditCheck SL dashboard')).toBeVisible();
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Register your business' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Administrator login' })).toHaveAttribute('href', '/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your username')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    // It leads to the password reset page with the business role chosen (decisions/034).
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password?role=business');
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.business.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = toastRegion(page);
    await expect(toast.getByText('Login failed', { exact: true })).toBeVisible();
    // The server's message, without its status (issue 20).
    await expect(toast.getByText('Invalid credentials', { exact: true })).toBeVisible();
    await expect(toast.getByText(/\d{3}: /)).toHaveCount(0);
    await expect(page).toHaveURL('/login');
  });

  test('success: "Signing in...", the toast, /dashboard with the business name; rememberMe is not sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.business.username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Remember me').check();
    // Hold the answer back a moment so the pending label can be seen.
    await page.route('**/api/businesses/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const request = page.waitForRequest('**/api/businesses/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeVisible();
    expect((await request).postDataJSON()).toEqual({ username: DEMO_ACCOUNTS.business.username, password: DEMO_PASSWORD });
    await expect(page).toHaveURL('/dashboard');
    await expect(toastRegion(page).getByText('Login successful!')).toBeVisible();
    await expect(page.getByTestId('signed-in-name')).toHaveText(DEMO_ACCOUNTS.business.businessName);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('administrator login page (/admin/login)', () => {
  test('validation messages and a failed sign-in', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('link', { name: 'Return to main site' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.system_admin.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = toastRegion(page);
    await expect(toast.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(toast.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL('/admin/login');
  });

  test('a business account cannot sign in here', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.business.username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toastRegion(page).getByText('Invalid username or password')).toBeVisible();
  });

  test('success goes to the admin dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(DEMO_ACCOUNTS.system_admin.username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(toastRegion(page).getByText('Welcome to the admin dashboard')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'System Overview' })).toBeVisible();
  });
});
