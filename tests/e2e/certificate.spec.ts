import { copyFile, mkdir } from 'node:fs/promises';
import type { APIRequestContext, Browser } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers/auth';
import { uniqueNationalId, uniquePhone } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// Issue 21 (decisions/045): a person with a clean file gets a clearance certificate in the portal
// (Privacy Controls), and anyone with its link, signed in or not, sees that it holds.

/** A browser context signed in through a role's login route; its `request` carries the cookie. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  segment: string,
  username: string,
  password: string,
): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post(`/api/${segment}/login`, { data: { username, password } });
  expect(response.status(), `login ${username}`).toBe(200);
  return context.request;
}

test('a consumer gets a clearance certificate in the portal; anyone opens /verify/:id and sees it valid', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const baseURL = String(info.project.use.baseURL);
  const person = {
    nationalId: uniqueNationalId(),
    firstName: 'Mariama',
    lastName: 'Bangura',
    dateOfBirth: '1991-04-12',
    phone: uniquePhone(),
  };

  // Two lenders report the person's accounts, both current, with one phone: a phone two lenders
  // reported is trusted for the identity code (decisions/021).
  for (const [username, accountNumber] of [
    ['demo-business', `CERT-A-${person.nationalId}`],
    ['demo-enterprise', `CERT-B-${person.nationalId}`],
  ]) {
    const lender = await signedIn(browser, baseURL, 'businesses', username, DEMO_PASSWORD);
    const reported = await lender.post('/api/credit/accounts', {
      data: {
        subject: { ...person, address: { line: '3 Wilkinson Road, Freetown', district: 'Western Area Urban' } },
        account: {
          accountNumber,
          type: 'personal_loan',
          currency: 'SLE',
          principal: '5000.00',
          balance: '1200.00',
          openedAt: '2024-03-01',
          status: 'current',
          paymentHistory: '000000',
        },
      },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);
  }

  // The person registers, signs in and confirms the code sent to that phone (read from the sandbox outbox).
  const password = 'Str0ng-pass-21';
  const registered = await page.request.post('/api/consumers/register', {
    data: {
      userType: 'consumer',
      nationalId: person.nationalId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: '',
      phone: person.phone,
      dateOfBirth: person.dateOfBirth,
      password,
      confirmPassword: password,
      consentToDataProcessing: true,
      agreeToTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await page.request.post('/api/consumers/login', { data: { username: person.phone, password } })).status()).toBe(200);
  const identity = await (await page.request.get('/api/consumers/me/identity')).json();
  expect((await page.request.post('/api/consumers/me/identity/code', { data: { phoneId: identity.phones[0].phoneId } })).status()).toBe(
    200,
  );
  const admin = await signedIn(browser, baseURL, 'admin', 'demo-admin', DEMO_PASSWORD);
  const outbox = await (await admin.get('/api/admin/sandbox/sms')).json();
  const sms = outbox.messages.find((m: { to: string; purpose: string }) => m.purpose === 'identity_code' && m.to === person.phone);
  const code = /\b(\d{6})\b/.exec(sms.body)![1];
  expect((await page.request.post('/api/consumers/me/identity/verify', { data: { code } })).status()).toBe(200);

  // In the portal: Privacy Controls, the certificate card.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/consumer/privacy');
  const card = page.getByTestId('certificates-card');
  await expect(card.getByRole('heading', { name: 'Clearance certificate' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('You have no certificates yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Get a clearance certificate' }).click();
  await expect(page.getByText('Your certificate is ready.', { exact: true })).toBeVisible();
  const row = card.getByTestId('certificate-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Valid', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Clear · Issued \d{1,2} \w+ \d{4}$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^creditcheck-clearance-certificate-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'certificate-card');

  const [certificate] = (await (await page.request.get('/api/consumers/me/certificates')).json()).certificates;
  expect(certificate.verifyUrl).toMatch(/\/verify\/[A-Z2-7]{26}$/);

  // Anyone: a fresh browser with no session opens the link.
  const visitor = await browser.newContext({ baseURL });
  const open = await visitor.newPage();
  await open.setViewportSize({ width: 1366, height: 900 });
  await open.goto(new URL(certificate.verifyUrl).pathname);
  await expect(open.getByRole('heading', { level: 1, name: 'Check a clearance certificate' })).toBeVisible({ timeout: 30_000 });
  await expect(open.getByTestId('certificate-verdict')).toHaveText('Valid');
  await expect(open.getByText('Mariama Bangura')).toBeVisible();
  await expect(open.getByText(`${'*'.repeat(person.nationalId.length - 4)}${person.nationalId.slice(-4)}`)).toBeVisible();
  await expect(open.getByText('Clear', { exact: true })).toBeVisible();
  await expect(open).toHaveTitle('Verify Certificate · CreditCheck SL');
  await expectNoSeriousA11yViolations(open);
  for (const width of [390, 1366]) {
    await open.setViewportSize({ width, height: 900 });
    const overflow = await open.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await shoot(open, 'verify-certificate');

  // In Krio, for this browser only.
  await open.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Krio' }).click();
  await expect(open.getByTestId('certificate-verdict')).toHaveText('I gud');
  await expect(open.locator('html')).toHaveAttribute('lang', 'kri');

  // A link with one character changed finds nothing, in plain words.
  const id = certificate.verifyUrl.split('/').pop() as string;
  await open.goto(`/verify/${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`);
  await expect(open.getByTestId('certificate-not-found')).toBeVisible({ timeout: 30_000 });

  // Revoked in the portal: the visitor's page says it no longer holds, and why.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await open.goto(new URL(certificate.verifyUrl).pathname);
  await expect(open.getByTestId('certificate-verdict')).toHaveText('I no gud');
  await expect(open.getByTestId('certificate-reason')).toHaveText('Di pasin don kansul am.');
  await visitor.close();

  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    await mkdir('docs/screenshots', { recursive: true });
    for (const width of [390, 1366])
      await copyFile(`${dir}/verify-certificate-${width}.png`, `docs/screenshots/verify-certificate-${width}.png`);
  }
});
