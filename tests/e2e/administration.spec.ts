import type { Browser } from '@playwright/test';
import { login } from './helpers/auth';
import { uniqueNationalId, uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';
import { readablePdf, readablePng } from '../helpers/documents';

const PDF = readablePdf('administration');
const PNG = readablePng(90);

async function newBusiness(browser: Browser) {
  const suffix = uniqueSuffix();
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `owner-${suffix}@newlender.sl`;
  const name = `Kono Savings ${suffix}`;
  const registered = await page.request.post('/api/businesses/register', {
    data: {
      businessName: name,
      businessType: 'financial',
      registrationNumber: `SL-CAC-${suffix}`.slice(0, 30),
      taxId: `TIN-${suffix}`.slice(0, 20),
      address: '4 Hospital Road, Koidu',
      contactName: 'Sahr Komba',
      contactPosition: 'Managing Director',
      phone: uniquePhone(),
      email,
      password: 'Str0ng-pass-1',
    },
  });
  expect(registered.status()).toBe(201);
  await login(page, 'business', { username: email, password: 'Str0ng-pass-1' });
  return { page, name, close: () => context.close() };
}

test('an administrator verifies a newly registered business from its documents, and the business can then search', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const business = await newBusiness(browser);
  const search = () =>
    business.page.request.post('/api/credit/search', { data: { purpose: 'credit_application', nationalId: 'DEMO0001' } });
  expect((await search()).status()).toBe(403);

  // The business uploads its documents from its Settings page.
  await business.page.goto('/business/settings?tab=documents');
  const section = business.page.locator('#documents');
  await expect(section.getByRole('heading', { name: 'Registration documents' })).toBeVisible();
  await expect(section.getByText('Verification pending', { exact: true })).toBeVisible();
  await section.getByLabel('Document', { exact: true }).selectOption('registration');
  await section.getByLabel('File').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByRole('list', { name: 'Your documents' }).getByText('certificate.pdf')).toBeVisible();
  await section.getByLabel('Document', { exact: true }).selectOption('tax');
  await section.getByLabel('File').setInputFiles({ name: 'tin.png', mimeType: 'image/png', buffer: PNG });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByRole('list', { name: 'Your documents' }).getByText('tin.png')).toBeVisible();
  // A file that is not what its name says is refused, with the reason under the field.
  await section
    .getByLabel('File')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByText(/Only PDF, PNG or JPEG files are accepted/)).toBeVisible();
  await expectNoSeriousA11yViolations(business.page);
  await shoot(business.page, 'business-documents');

  // The administrator reviews it in User Management and verifies it.
  await login(page, 'system_admin');
  await expect(page.getByRole('heading', { level: 1, name: 'System Overview' })).toBeVisible();
  await expect(page.getByText('Businesses to verify')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-dashboard', 1280);
  await page
    .getByRole('navigation', { name: /navigation$/ })
    .getByRole('link', { name: 'User Management' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await page.getByRole('button', { name: `Review ${business.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: business.name })).toBeVisible();
  await expect(dialog.getByText('certificate.pdf')).toBeVisible();
  await expect(dialog.getByText('Tax identification (TIN)')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download certificate.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('certificate.pdf');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-business-review', 1280);
  await dialog.getByRole('button', { name: 'Verify business' }).click();
  await dialog.getByLabel('Optional note (what you checked)').fill('Certificate and TIN match the CAC register');
  await dialog.getByRole('button', { name: 'Confirm: verify business' }).click();
  await expect(toastRegion(page)).toContainText('Business verified');
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();

  // The same dialog moves it to Enterprise by agreement, with a contracted quota and no end date.
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await dialog.getByLabel('Plan', { exact: true }).selectOption('enterprise');
  await dialog.getByLabel('Contracted reports a month').fill('400');
  await dialog.getByLabel('No end date (until an administrator changes it)').check();
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog.getByText(/Please say why the plan changes/)).toBeVisible();
  await dialog.getByLabel('Reason (agreement or payment reference)').fill('Enterprise agreement EA-2026-031');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-business-plan', 1280);
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(toastRegion(page)).toContainText('Plan changed to Enterprise: 400 reports a month (contracted), with no end date.');
  await expect(dialog.getByText(/400 reports a month \(contracted\) · no end date/)).toBeVisible();

  expect((await search()).status()).toBe(200);
  expect(await (await business.page.request.get('/api/businesses/me/usage')).json()).toMatchObject({
    planCode: 'enterprise',
    monthlyQuota: 400,
  });
  await business.page.reload();
  await expect(business.page.locator('#documents').getByText('Your business is verified')).toBeVisible();
  await business.close();
});

test('administration pages: accounts, invitations, audit log, review queue, incidents and settings', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await login(page, 'system_admin');
  await page.goto('/admin/users?tab=accounts');
  await expect(page.getByRole('tab', { name: 'Accounts', selected: true })).toBeVisible();
  await page.getByLabel('Role').selectOption('consumer');
  await expect(page.getByRole('cell', { name: 'Aminata Kamara' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '****0001' }).first()).toBeVisible();
  await page.getByLabel('Name, username, email, phone or full NIN').fill(`nobody-${uniqueSuffix()}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No accounts match.')).toBeVisible();
  await page.getByLabel('Name, username, email, phone or full NIN').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-accounts', 1280);

  // A search that finds no business says so in words.
  await page.getByRole('tab', { name: 'Businesses' }).click();
  await page.getByLabel('Name, registration number or email').fill(`nobody-${uniqueSuffix()}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No businesses are pending.')).toBeVisible();

  // Invite a regulator; in demo mode the one-time link is shown.
  await page.getByRole('tab', { name: 'Invitations' }).click();
  const email = `analyst-${uniqueSuffix()}@bsl.gov.sl`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const link = (await page.getByTestId('invitation-link').textContent())!;
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-invitations', 1280);

  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(new URL(link).pathname);
  await expect(inviteePage.getByText(`as regulator (${email})`)).toBeVisible();
  await inviteePage.getByLabel('Full name').fill('Mariama Sesay');
  const username = `msesay-${uniqueSuffix()}`.slice(0, 40);
  await inviteePage.getByLabel('Username').fill(username);
  await inviteePage.getByLabel('Password', { exact: true }).fill('Regulat0r-pass');
  await inviteePage.getByLabel('Confirm password').fill('Regulat0r-pass');
  await expectNoSeriousA11yViolations(inviteePage);
  await shoot(inviteePage, 'accept-invitation');
  await inviteePage.getByRole('button', { name: 'Create my account' }).click();
  await expect(inviteePage.getByText('Your account is ready', { exact: true })).toBeVisible();
  await login(inviteePage, 'regulator', { username, password: 'Regulat0r-pass' });
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Regulatory Overview' })).toBeVisible();
  // The link worked once.
  await inviteePage.goto(new URL(link).pathname);
  await expect(inviteePage.getByText('This link cannot be used', { exact: true })).toBeVisible();
  await invitee.close();

  // Compliance & Audit: verify the log and search it.
  await page.goto('/admin/compliance');
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByTestId('audit-verify-result')).toContainText('The audit log is intact');
  await page.getByLabel('Action').fill('auth.invitation_accepted');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: /Invitation accepted/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-audit', 1280);
  await page.getByRole('tab', { name: 'Review queue' }).click();
  await expect(page.getByRole('heading', { name: 'Registry review queue' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Security incidents: a burst of refused requests by a business becomes an incident.
  const business = await browser.newContext();
  const businessPage = await business.newPage();
  await login(businessPage, 'business');
  for (let i = 0; i < 6; i++) expect((await businessPage.request.get('/api/admin/overview')).status()).toBe(403);
  await business.close();
  await page.goto('/admin/security');
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(toastRegion(page)).toContainText('Scanned');
  const incident = page.getByTestId('incident').filter({ hasText: 'Burst of refused access' }).first();
  await expect(incident).toBeVisible();
  await incident.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(incident.getByText('acknowledged', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-security', 1280);
  await incident.getByRole('button', { name: 'Resolve' }).click();
  await page.getByRole('dialog').getByLabel('How was it resolved?').fill('A test account probing admin routes; no data was reached');
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
  await expect(toastRegion(page)).toContainText('Incident resolved');

  // System Settings: a plan's quota, the exchange rate, landing text, a help article. Other specs
  // share this database: every value changed here is put back at the end.
  const before = {
    settings: await (await page.request.get('/api/admin/settings')).json(),
    enterprise: (await (await page.request.get('/api/admin/plans')).json()).plans.find((p: { code: string }) => p.code === 'enterprise'),
    headline:
      (
        (await (await page.request.get('/api/admin/content')).json()).items as { section: string; key: string; content: string | null }[]
      ).find((i) => i.section === 'hero' && i.key === 'main_headline')!.content ?? '',
  };
  await page.goto('/admin/settings');
  await expect(page.getByRole('cell', { name: /Professional/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-settings', 1280);
  await page.getByRole('button', { name: 'Edit Enterprise' }).click();
  await page.getByRole('dialog').getByLabel('Credit reports per month').fill('60');
  await page.getByRole('dialog').getByRole('button', { name: 'Save plan' }).click();
  await expect(toastRegion(page)).toContainText('Enterprise saved');
  await expect(page.getByRole('row', { name: /Enterprise/ }).getByRole('cell', { name: '60', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Rates and policies' }).click();
  await page.getByLabel('Exchange rate (SLE per 1 USD)').fill('abc');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Exchange rate must be a number such as 22.75')).toBeVisible();
  await page.getByLabel('Exchange rate (SLE per 1 USD)').fill('23.5');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toastRegion(page)).toContainText('Settings saved');
  expect((await (await page.request.get('/api/plans')).json()).exchangeRateSlePerUsd).toBe('23.5');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Landing page' }).click();
  const headline = `Credit you can check ${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: 'main headline' }).fill(headline);
  await page.getByRole('button', { name: 'Save main headline' }).click();
  await expect(toastRegion(page)).toContainText('Landing page text saved');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Help articles' }).click();
  await page.getByRole('button', { name: 'New article' }).click();
  const title = `Reading an audit report ${uniqueSuffix()}`;
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title', { exact: true }).fill(title);
  await editor.getByLabel('Content', { exact: true }).fill('An audit report lists what happened in the bureau over a period.');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastRegion(page)).toContainText('Draft created');
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(toastRegion(page)).toContainText(`Published: ${title}`);
  await expectNoSeriousA11yViolations(page);

  // The administrator's own password: the same card as every role's; a wrong current password is named under its field.
  await page.getByRole('tab', { name: 'Your password' }).click();
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('not-the-password-1');
  await passwordForm.getByLabel('New password', { exact: true }).fill('Administrator-pass-2');
  await passwordForm.getByLabel('Confirm new password').fill('Administrator-pass-2');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('The current password is not right')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Help articles' }).click();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/');
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(headline);
  await visitorPage.goto('/help');
  await expect(visitorPage.getByText(title).first()).toBeVisible();
  await visitor.close();

  await page.getByRole('button', { name: `Unpublish ${title}` }).click();
  await expect(toastRegion(page)).toContainText(`Unpublished: ${title}`);
  expect(
    (await page.request.put('/api/admin/settings', { data: { exchangeRateSlePerUsd: before.settings.exchangeRateSlePerUsd } })).status(),
  ).toBe(200);
  expect(
    (
      await page.request.put('/api/admin/plans/enterprise', { data: { monthlyInquiryQuota: before.enterprise.monthlyInquiryQuota } })
    ).status(),
  ).toBe(200);
  expect(
    (await page.request.put('/api/admin/content', { data: { section: 'hero', key: 'main_headline', content: before.headline } })).status(),
  ).toBe(200);
});

test('a business reaches no administration or regulator page or route', async ({ page }) => {
  await login(page, 'business');
  for (const path of ['/admin/dashboard', '/admin/users', '/regulator/compliance']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Portal' })).toBeVisible();
  }
  for (const url of ['/api/admin/overview', '/api/admin/businesses', '/api/regulators/compliance', '/api/regulators/investigations']) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
  expect((await page.request.post('/api/admin/invitations', { data: { role: 'system_admin', email: 'x@y.sl' } })).status()).toBe(403);
});

test('an administrator compares two records side by side in the review queue and merges them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A lender of its own (the demo lender's figures are other specs' business), verified through the API.
  const lender = await newBusiness(browser);
  const lenderPage = lender.page;
  for (const [kind, name, buffer, type] of [
    ['registration', 'c.pdf', PDF, 'application/pdf'],
    ['tax', 't.png', PNG, 'image/png'],
  ] as const) {
    const res = await lenderPage.request.post(`/api/businesses/me/documents?kind=${kind}&fileName=${name}`, {
      headers: { 'content-type': type },
      data: buffer,
    });
    expect(res.status()).toBe(201);
  }
  await login(page, 'system_admin');
  const lenderId = (await (await lenderPage.request.get('/api/businesses/me')).json()).id;
  expect((await page.request.post(`/api/admin/businesses/${lenderId}/verify`, { data: {} })).status()).toBe(200);
  const suffix = uniqueSuffix()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-8);
  const nin = `SLRV${suffix}`;
  const report = (first: string, last: string, dob: string, account: string, phone: string) => ({
    subject: {
      nationalId: nin,
      firstName: first,
      lastName: last,
      dateOfBirth: dob,
      phone,
      address: { line: `${account} Siaka Stevens Street, Freetown`, district: 'Western Area Urban' },
    },
    account: {
      accountNumber: account,
      type: 'personal_loan',
      currency: 'SLE',
      principal: '3000.00',
      balance: '1000.00',
      openedAt: '2025-03-01',
      status: 'current',
      paymentHistory: '00',
    },
  });
  expect(
    (
      await lenderPage.request.post('/api/credit/accounts', {
        data: report('Osman', 'Bangura', '1979-02-11', `RQ-A-${suffix}`, uniquePhone()),
      })
    ).status(),
  ).toBe(201);
  const second = await lenderPage.request.post('/api/credit/accounts', {
    data: report('Zainab', 'Turay', '1999-12-01', `RQ-B-${suffix}`, uniquePhone()),
  });
  expect((await second.json()).match).toBe('review');
  await lender.close();

  await page.goto('/admin/compliance?tab=reviews');
  await page.getByRole('button', { name: 'Compare Zainab Turay with Osman Bangura' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'The new record' })).toContainText('Zainab Turay');
  await expect(dialog.getByRole('region', { name: 'The person already in the registry' })).toContainText('Osman Bangura');
  // The evidence for and against, side by side, each with both records' values.
  const supporting = dialog.getByRole('region', { name: 'For: the same person' });
  const against = dialog.getByRole('region', { name: 'Against: two people' });
  await expect(supporting).toContainText('ID numbers');
  await expect(against).toContainText('Name');
  await expect(against).toContainText('Zainab Turay');
  await expect(against).toContainText('Osman Bangura');
  await expect(against).toContainText('Date of birth');
  await expect(dialog.getByText(nin)).toHaveCount(0);
  // The decision is one click, above both files (in sight without scrolling on a laptop), at a laptop's and a phone's width.
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width > 1000) await expect(dialog.getByRole('button', { name: 'Same person: merge' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Different people: keep apart' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-review-evidence-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'admin-review-compare', 1280);
  await dialog.getByRole('button', { name: 'Same person: merge' }).click();
  await expect(toastRegion(page)).toContainText('Merged');
  await expect(page.getByRole('button', { name: 'Compare Zainab Turay with Osman Bangura' })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('merged');
  await expect(page.getByRole('cell', { name: 'Zainab Turay' }).first()).toBeVisible();
});

test('an administrator unlocks a locked consumer account, disables it and enables it again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const nin = uniqueNationalId();
  const visitor = await browser.newContext();
  const request = (await visitor.newPage()).request;
  const registered = await request.post('/api/consumers/register', {
    data: {
      userType: 'consumer',
      nationalId: nin,
      firstName: 'Isata',
      lastName: `Mansaray${uniqueSuffix().slice(-4)}`,
      email: '',
      phone: uniquePhone(),
      dateOfBirth: '1992-08-08',
      password: 'Str0ng-pass',
      confirmPassword: 'Str0ng-pass',
      consentToDataProcessing: true,
      agreeToTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  for (let i = 0; i < 10; i++) await request.post('/api/consumers/login', { data: { username: nin, password: 'wrong-password' } });
  expect((await request.post('/api/consumers/login', { data: { username: nin, password: 'Str0ng-pass' } })).status()).toBe(429);

  await login(page, 'system_admin');
  await page.goto('/admin/users?tab=accounts');
  await page.getByLabel('Name, username, email, phone or full NIN').fill(nin);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: /Isata Mansaray/ });
  await expect(row.getByText(/Locked until/)).toBeVisible();
  await row.getByRole('button', { name: /^Unlock/ }).click();
  await expect(toastRegion(page)).toContainText('Account unlocked');
  await expect(row.getByText(/Locked until/)).toHaveCount(0);
  expect((await request.post('/api/consumers/login', { data: { username: nin, password: 'Str0ng-pass' } })).status()).toBe(200);

  await row.getByRole('button', { name: /^Disable/ }).click();
  await expect(toastRegion(page)).toContainText('Account disabled');
  expect((await request.get('/api/consumers/me')).status()).toBe(401);
  expect((await request.post('/api/consumers/login', { data: { username: nin, password: 'Str0ng-pass' } })).status()).toBe(403);
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: /^Enable/ }).click();
  await expect(toastRegion(page)).toContainText('Account enabled');
  expect((await request.post('/api/consumers/login', { data: { username: nin, password: 'Str0ng-pass' } })).status()).toBe(200);
  await visitor.close();
});
