import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './helpers/auth';
import { uniqueNationalId, uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';

const CARDS = [
  {
    role: 'business',
    name: 'Business / Vendor',
    environment: 'Business Operations Portal',
    identifier: 'Username or Email',
    privileges: ['Submit credit reports', 'Search customers', 'Respond to disputes'],
  },
  {
    role: 'consumer',
    name: 'Consumer',
    environment: 'Personal Credit Portal',
    identifier: 'National ID or Phone',
    privileges: ['View own credit reports and history', 'File disputes', 'Manage consent and privacy controls'],
  },
  {
    role: 'system_admin',
    name: 'System Administrator',
    environment: 'Administrative Control Centre',
    identifier: 'Username',
    privileges: ['Full system control', 'User management', 'Security configuration'],
  },
  {
    role: 'regulator',
    name: 'Government Regulator',
    environment: 'Regulatory Oversight Console',
    identifier: 'Username',
    privileges: ['Monitor compliance', 'Audit reports', 'Investigate complaints'],
  },
] as const;

const card = (page: Page, role: string) => page.getByTestId(`role-card-${role}`);

test('four role cards; each shows its sign-in label and the demo box; Invite Only for admin and regulator', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('link', { name: 'Return to main site' })).toHaveAttribute('href', '/');
  // No role selected yet: no tabs.
  await expect(page.getByRole('tab')).toHaveCount(0);
  for (const c of CARDS) {
    const element = card(page, c.role);
    await expect(element).toContainText(c.name);
    await expect(element).toContainText(c.environment);
    for (const privilege of c.privileges) await expect(element).toContainText(privilege);
  }
  // Only the first three privileges are shown.
  await expect(card(page, 'business')).not.toContainText('Analytics');
  await expect(card(page, 'system_admin')).not.toContainText('Data oversight');

  for (const c of CARDS) {
    await card(page, c.role).click();
    await expect(card(page, c.role)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel(c.identifier, { exact: true })).toBeVisible();
    const demo = page.getByTestId('demo-credentials');
    await expect(demo).toContainText('For testing only. Remove before production.');
    await expect(demo).toContainText(DEMO_PASSWORD);
    await expect(demo).toContainText(c.role === 'consumer' ? DEMO_ACCOUNTS.consumer.nationalId : DEMO_ACCOUNTS[c.role].username);
    const register = page.getByRole('tab', { name: /Register/ });
    if (c.role === 'system_admin' || c.role === 'regulator') {
      // Marked invite-only, and choosable: it shows the notice (next test).
      await expect(register).toBeEnabled();
      await expect(register).toContainText('Invite Only');
    } else {
      await expect(register).toBeEnabled();
      await expect(register).not.toContainText('Invite Only');
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test('invite-only message and Switch to Login', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'business').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Create Business Account' })).toBeVisible();
  await card(page, 'system_admin').click();
  const notice = page.getByTestId('invite-only-notice');
  await expect(notice).toContainText('Administrator accounts are created by invitation');
  await expect(notice).toContainText('contact the IT department');
  await card(page, 'regulator').click();
  await expect(notice).toContainText('Regulator access is for authorised personnel only');
  await notice.getByRole('button', { name: 'Switch to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  // Chosen from the Sign In tab, the invite-only Register tab shows the notice again.
  await page.getByRole('tab', { name: /Register/ }).click();
  await expect(notice).toContainText('Regulator access is for authorised personnel only');
  await notice.getByRole('button', { name: 'Switch to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
});

test('sign-in validation, failure toast and "Logging in..."', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'consumer').click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Username, email, or ID number is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('National ID or Phone').fill('NOSUCH123');
  await page.getByLabel('Password').fill('wrong-password');
  await page.route('**/api/consumers/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeVisible();
  const toast = toastRegion(page);
  await expect(toast.getByText('Login failed', { exact: true })).toBeVisible();
  // The server's message, without its status (issue 20).
  await expect(toast.getByText('Invalid credentials', { exact: true })).toBeVisible();
  await expect(toast.getByText(/\d{3}: /)).toHaveCount(0);
});

for (const c of CARDS) {
  test(`sign in as ${c.name} with the demo box, landing on that role's dashboard`, async ({ page }) => {
    await page.goto('/auth');
    await card(page, c.role).click();
    await page.getByRole('button', { name: 'Use demo account' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const home = {
      business: '/business/dashboard',
      consumer: '/consumer/dashboard',
      system_admin: '/admin/dashboard',
      regulator: '/regulator/dashboard',
    }[c.role];
    await expect(page).toHaveURL(home);
    const toast = toastRegion(page);
    await expect(toast.getByText('Login successful', { exact: true })).toBeVisible();
    await expect(toast.getByText(`Welcome to your ${c.environment}`)).toBeVisible();
  });
}

test('a consumer signs in with the phone number too', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'consumer').click();
  await page.getByLabel('National ID or Phone').fill(DEMO_ACCOUNTS.consumer.phone);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/consumer/dashboard');
  await expect(page.getByTestId('signed-in-name')).toHaveText(`${DEMO_ACCOUNTS.consumer.firstName} ${DEMO_ACCOUNTS.consumer.lastName}`);
});

test('business registration: validation messages, then register, then sign in', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'business').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByRole('button', { name: 'Create Business Account' }).click();
  for (const message of [
    'Business name is required',
    'Registration number is required',
    'Contact person name is required',
    'Valid email is required',
    'Phone number is required',
    'Username must be at least 3 characters',
    'Password must be at least 8 characters',
    'You must agree to the terms',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Phone Number')).toHaveAttribute('placeholder', '+232 XX XXX XXXX');
  await expectNoSeriousA11yViolations(page);

  const id = uniqueSuffix();
  const username = `biz-${id}`;
  await form.getByLabel('Business Name').fill(`Bo Microcredit ${id}`);
  await form.getByLabel('Registration Number').fill(`REG-${id}`);
  await form.getByLabel('Contact Person').fill('Mohamed Sesay');
  await form.getByLabel('Business Email').fill(`bo-${id}@example.sl`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('Str0ng-passw0rd');
  await form.getByLabel('Confirm Password').fill('Other-passw0rd');
  await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await form.getByRole('button', { name: 'Create Business Account' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();

  await form.getByLabel('Confirm Password').fill('Str0ng-passw0rd');
  const request = page.waitForRequest('**/api/businesses/register');
  await form.getByRole('button', { name: 'Create Business Account' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    userType: 'business',
    username,
    confirmPassword: 'Str0ng-passw0rd',
    agreeToTerms: true,
  });
  const toast = toastRegion(page);
  await expect(toast.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(toast.getByText('Your business account has been created. Please login to continue.')).toBeVisible();

  // Back on Sign In, business still selected, the new username filled in.
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'business')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Username or Email')).toHaveValue(username);
  await page.getByLabel('Password').fill('Str0ng-passw0rd');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/business/dashboard');
  await expect(page.getByTestId('signed-in-name')).toHaveText(`Bo Microcredit ${id}`);
});

test('a username already taken is shown under the username field', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'business').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Business registration' });
  const id = uniqueSuffix();
  await form.getByLabel('Business Name').fill(`Makeni Traders ${id}`);
  await form.getByLabel('Registration Number').fill(`REG-${id}`);
  await form.getByLabel('Contact Person').fill('Isatu Bangura');
  await form.getByLabel('Business Email').fill(`makeni-${id}@example.sl`);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel('Username').fill(DEMO_ACCOUNTS.business.username);
  await form.getByLabel('Password', { exact: true }).fill('Str0ng-passw0rd');
  await form.getByLabel('Confirm Password').fill('Str0ng-passw0rd');
  await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await form.getByRole('button', { name: 'Create Business Account' }).click();
  await expect(toastRegion(page).getByText('Registration failed', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#portal-business-username-error')).toBeVisible();
});

test('consumer registration: rights panel, validation messages, then register, then sign in', async ({ page }) => {
  await page.goto('/auth');
  await card(page, 'consumer').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Consumer registration' });
  const rights = form.getByRole('complementary', { name: 'Your rights as a consumer' });
  for (const right of ['Access', 'Correct', 'Dispute', 'Privacy']) await expect(rights).toContainText(right);
  await form.getByRole('button', { name: 'Create Consumer Account' }).click();
  for (const message of [
    'National ID is required',
    'First name is required',
    'Last name is required',
    'Phone number is required',
    'Date of birth is required',
    'Password must be at least 8 characters',
    'Consent to data processing is required',
    'You must agree to the terms',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  const nationalId = uniqueNationalId();
  await form.getByLabel('National ID').fill(nationalId);
  await form.getByLabel('Phone Number').fill(uniquePhone());
  await form.getByLabel('First Name').fill('Mariama');
  await form.getByLabel('Last Name').fill('Conteh');
  await form.getByLabel('Email (optional)').fill('not-an-email');
  await form.getByLabel('Date of Birth').fill('1990-04-27');
  await form.getByLabel('Password', { exact: true }).fill('Str0ng-passw0rd');
  await form.getByLabel('Confirm Password').fill('Str0ng-passw0rd');
  await form.getByLabel(/I consent to the processing/).check();
  await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await form.getByRole('button', { name: 'Create Consumer Account' }).click();
  await expect(form.getByText('Invalid email')).toBeVisible();
  await form.getByLabel('Email (optional)').fill('');
  await form.getByRole('button', { name: 'Create Consumer Account' }).click();
  const toast = toastRegion(page);
  await expect(toast.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(toast.getByText('Your consumer account has been created. Please login to continue.')).toBeVisible();

  await expect(page.getByLabel('National ID or Phone')).toHaveValue(nationalId);
  await page.getByLabel('Password').fill('Str0ng-passw0rd');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/consumer/dashboard');
  await expect(page.getByTestId('signed-in-name')).toHaveText('Mariama Conteh');
});
