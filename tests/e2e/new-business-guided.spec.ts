import type { Browser } from '@playwright/test';
import { readablePdf, readablePng } from '../helpers/documents';
import { login } from './helpers/auth';
import { uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// A new business is guided to its first credit check (issue 20): a checklist on its dashboard, the
// documents in one Settings tab, unreadable files refused, and the administrator's Verify waiting
// for the documents with its reason.

async function newBusiness(browser: Browser) {
  const suffix = uniqueSuffix();
  const page = await (await browser.newContext()).newPage();
  const email = `guided-${suffix}@newlender.sl`;
  const name = `Bo Traders ${suffix}`;
  const registered = await page.request.post('/api/businesses/register', {
    data: {
      businessName: name,
      businessType: 'retail',
      registrationNumber: `SL-CAC-G${suffix}`.slice(0, 30),
      taxId: `TIN-G${suffix}`.slice(0, 20),
      address: '12 Bo Road, Kenema',
      contactName: 'Fatmata Sesay',
      contactPosition: 'Owner',
      phone: uniquePhone(),
      email,
      password: 'Str0ng-pass-1',
    },
  });
  expect(registered.status()).toBe(201);
  await login(page, 'business', { username: email, password: 'Str0ng-pass-1' });
  return { page, name };
}

test('a new business follows its checklist to the documents, an unreadable file is refused, and Verify waits for the documents', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const business = await newBusiness(browser);
  const checklist = business.page.getByTestId('verification-checklist');
  // Registered on the free Starter plan: the plan step is done; the documents step links to the upload, not to /subscribe.
  await expect(checklist).toContainText('1 of 3 steps done');
  await expect(checklist).toContainText('Your plan is active.');
  await expect(checklist.getByRole('link', { name: 'Upload documents' })).toHaveAttribute('href', '/business/settings?tab=documents');
  await expect(checklist.getByRole('link', { name: /subscri/i })).toHaveCount(0);
  await expect(checklist).toContainText('Upload your registration certificate and tax identification');
  await expectNoSeriousA11yViolations(business.page);
  await shoot(business.page, 'business-checklist');

  // The administrator cannot verify yet, and is told why.
  await login(page, 'system_admin');
  await page.goto('/admin/users');
  await page.getByRole('button', { name: `Review ${business.name}` }).click();
  const dialog = page.getByRole('dialog');
  const verify = dialog.getByRole('button', { name: 'Verify business' });
  await expect(verify).toBeDisabled();
  await expect(
    dialog.getByText('Verify is available once the business has uploaded its registration certificate and tax identification.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-verify-waiting');

  // The checklist's step leads to the documents tab, shown once in Settings.
  await checklist.getByRole('link', { name: 'Upload documents' }).click();
  await expect(business.page).toHaveURL('/business/settings?tab=documents');
  const section = business.page.locator('#documents');
  await expect(section.getByRole('heading', { name: 'Registration documents' })).toBeVisible();
  await business.page.getByRole('tab', { name: 'Password' }).click();
  await expect(business.page.getByRole('heading', { name: 'Registration documents' })).toHaveCount(0);
  await business.page.getByRole('tab', { name: 'Documents' }).click();

  // The select shows its whole label; a 14-byte fake PDF is refused under the File field.
  const select = section.getByLabel('Document', { exact: true });
  const fits = await select.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  await section
    .getByLabel('File')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByText(/This file is not a readable PDF/)).toBeVisible();
  await expectNoSeriousA11yViolations(business.page);
  await shoot(business.page, 'business-documents-tab');

  await section.getByLabel('File').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: readablePdf('guided') });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByRole('list', { name: 'Your documents' }).getByText('certificate.pdf')).toBeVisible();
  await select.selectOption('tax');
  await section.getByLabel('File').setInputFiles({ name: 'tin.png', mimeType: 'image/png', buffer: readablePng(33) });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByRole('list', { name: 'Your documents' }).getByText('tin.png')).toBeVisible();

  await business.page.goto('/business/dashboard');
  await expect(checklist).toContainText('2 of 3 steps done');
  await expect(checklist).toContainText('An administrator is checking your documents');

  await page.reload();
  await page.getByRole('button', { name: `Review ${business.name}` }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Verify business' })).toBeEnabled();
});

test('the subscription page says a change of plan is prorated', async ({ page }) => {
  await login(page, 'business');
  await page.goto('/subscribe');
  await expect(
    page.getByText(/costs only the difference for the rest of the month; moving to a cheaper plan charges nothing/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
