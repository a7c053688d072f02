import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ENTERPRISE } from '../../src/shared/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './helpers/auth';
import { uniqueNationalId, uniquePhone } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';

// The consumer workspace (issue 7): each page's main path, the business's answer changing what the
// person sees, and identity before data.

const PASSWORD = 'Str0ng-pass-1';

async function signedIn(request: APIRequestContext, role: 'business' | 'admin') {
  const username = role === 'business' ? DEMO_ACCOUNTS.business.username : DEMO_ACCOUNTS.system_admin.username;
  const response = await request.post(`/api/${role === 'business' ? 'businesses' : 'admin'}/login`, {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** A person a lender reports (NIN, birth date, the phone on file), then a consumer account with that NIN and birth date but another phone. */
async function personOnFileAndAccount(request: APIRequestContext, page: Page) {
  const nationalId = uniqueNationalId();
  const phoneOnFile = uniquePhone();
  const typedPhone = uniquePhone();
  await signedIn(request, 'business');
  const reported = await request.post('/api/credit/accounts', {
    data: {
      subject: {
        nationalId,
        firstName: 'Fatmata',
        lastName: 'Conteh',
        dateOfBirth: '1992-08-17',
        phone: phoneOnFile,
        address: '21 Kissy Road, Freetown',
      },
      account: {
        accountNumber: `E2E-${nationalId}`,
        type: 'personal_loan',
        currency: 'SLE',
        principal: '5000',
        balance: '1200',
        openedAt: '2025-02-01',
        status: 'current',
        paymentHistory: '000000',
      },
    },
  });
  expect(reported.status()).toBe(201);
  // A second lender reports the same phone: a code goes only to a phone two lenders reported (or on
  // the file for 30 days), so one lender cannot put its own phone on a stranger's file (decisions/021).
  const enterprise = await request.post('/api/businesses/login', { data: { username: DEMO_ENTERPRISE.username, password: DEMO_PASSWORD } });
  expect(enterprise.status()).toBe(200);
  const confirmed = await request.post('/api/credit/accounts', {
    data: {
      subject: {
        nationalId,
        firstName: 'Fatmata',
        lastName: 'Conteh',
        dateOfBirth: '1992-08-17',
        phone: phoneOnFile,
        address: '21 Kissy Road, Freetown',
      },
      account: {
        accountNumber: `E2E-B-${nationalId}`,
        type: 'personal_loan',
        currency: 'SLE',
        principal: '3000',
        balance: '500',
        openedAt: '2025-05-01',
        status: 'current',
        paymentHistory: '000',
      },
    },
  });
  expect(confirmed.status()).toBe(201);
  const registered = await request.post('/api/consumers/register', {
    data: {
      userType: 'consumer',
      nationalId,
      firstName: 'Fatmata',
      lastName: 'Conteh',
      phone: typedPhone,
      dateOfBirth: '1992-08-17',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      consentToDataProcessing: true,
      agreeToTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  await login(page, 'consumer', { username: typedPhone, password: PASSWORD });
  return { nationalId, phoneOnFile, typedPhone, accountNumber: `E2E-${nationalId}` };
}

test.describe('consumer workspace', () => {
  test('My Profile: score, reports, disputes, privacy; Request New Report works', async ({ page }) => {
    await login(page, 'consumer');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByTestId('score-value')).toHaveText(/^\d{3}$/);
    const reports = page.getByTestId('stat-reports').locator('p.tabular-nums');
    const before = Number(await reports.innerText());
    await page.getByRole('button', { name: 'Request New Report' }).click();
    await expect(toastRegion(page).getByText('New report ready')).toBeVisible();
    await expect(reports).toHaveText(String(before + 1));
    await expect(page.getByTestId('stat-privacy')).toContainText('Privacy status');
    await expectNoSeriousA11yViolations(page);
  });

  test('Credit Reports: accounts with 24-month history, score reasons, a readable PDF, kept reports', async ({ page }) => {
    await login(page, 'consumer');
    await page.goto('/consumer/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Reports' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What affects your score most' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Demo Microfinance Ltd · Microfinance loan' })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: /24-month payment history of DMF-GL-0002/ })
        .getByRole('listitem')
        .first(),
    ).toContainText('D');
    // Issue 17: the group loan's co-borrower and guarantor, what is past due, and its months of balance.
    const groupLoan = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Demo Microfinance Ltd · Group (solidarity) loan' }) });
    await expect(groupLoan.getByTestId('account-parties')).toHaveText(
      'Others on this account: Hawa Turay (co-borrower), Sahr Komba (guarantor)',
    );
    await expect(groupLoan).toContainText('Amount past dueSLE 2,150.00');
    await expect(groupLoan.getByTestId('balance-history')).toBeVisible();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await groupLoan.scrollIntoViewIfNeeded();
      await groupLoan.screenshot({ path: `test-results/consumer-report-group-loan-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const pdfHref = await page.getByRole('link', { name: 'Download as PDF' }).getAttribute('href');
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('button', { name: 'Request New Report' }).click();
    await expect(toastRegion(page).getByText('New report ready')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download the report of/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Disputes: file one; the business sees it with its deadline; its correction changes what the person sees', async ({
    page,
    request,
  }) => {
    await login(page, 'consumer');
    await page.goto('/consumer/disputes');
    await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await page
      .getByLabel('Account')
      .selectOption({ label: await page.getByLabel('Account').locator('option', { hasText: 'MM-0076000001' }).innerText() });
    await page.getByLabel('What is wrong').selectOption('wrong_balance');
    await page.getByLabel('Your statement').fill(Array(101).fill('word').join(' '));
    await page.getByRole('button', { name: 'File dispute' }).click();
    await expect(page.getByText('Keep your statement to 100 words or fewer')).toBeVisible();
    await page.getByLabel('Your statement').fill('I repaid this loan in October; the balance should be zero.');
    await page.getByRole('button', { name: 'File dispute' }).click();
    await expect(toastRegion(page).getByText(/^Dispute DSP-\d{4}-[0-9A-F]{8} filed$/)).toBeVisible();
    const card = page.getByTestId('dispute').filter({ hasText: 'MM-0076000001' });
    await expect(card).toContainText('Open · 30 days left');
    await expect(card).toContainText('Dispute filed; the entry is marked disputed on every report');
    await expectNoSeriousA11yViolations(page);

    // The reporting lender (Salone MoMo Credit) is not the demo business: the demo business does not see it.
    await signedIn(request, 'business');
    const demoBusinessView = await (await request.get('/api/businesses/me/disputes')).json();
    expect(demoBusinessView.disputes.some((d: { account: { accountNumber: string } }) => d.account.accountNumber === 'MM-0076000001')).toBe(
      false,
    );

    // A dispute on the demo business's own account: it sees it, with the deadline, and corrects it.
    await page
      .getByLabel('Account')
      .selectOption({ label: await page.getByLabel('Account').locator('option', { hasText: 'DMF-LN-0001' }).innerText() });
    await page.getByLabel('What is wrong').selectOption('wrong_balance');
    await page.getByLabel('Your statement').fill('I paid 2,000 in March; the balance should be 2,500.');
    await page.getByRole('button', { name: 'File dispute' }).click();
    await expect(toastRegion(page).getByText(/filed$/)).toBeVisible();
    const list = await (await request.get('/api/businesses/me/disputes?status=open')).json();
    const dispute = list.disputes.find((d: { account: { accountNumber: string } }) => d.account.accountNumber === 'DMF-LN-0001');
    expect(dispute).toMatchObject({
      daysLeft: 30,
      statement: 'I paid 2,000 in March; the balance should be 2,500.',
      consumer: { fullName: 'Aminata Kamara' },
    });
    const answer = await request.post(`/api/businesses/me/disputes/${dispute.id}/response`, {
      data: { outcome: 'corrected', note: 'We found the March payment.', correction: { balance: '2500.00' } },
    });
    expect(answer.status()).toBe(200);

    await page.reload();
    const corrected = page.getByTestId('dispute').filter({ hasText: 'DMF-LN-0001' });
    await expect(corrected).toContainText('Resolved: corrected');
    await expect(corrected).toContainText('We found the March payment.');
    await expect(corrected).toContainText('SLE 2,500.00');
    // The bell tells the person.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    // This dispute's own notice: other specs may have corrected other disputes of the demo person.
    await expect(page.getByRole('link', { name: `Dispute ${dispute.reference}: the entry was corrected` })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/consumer/reports');
    const account = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Demo Microfinance Ltd · Microfinance loan' }) });
    await expect(account).toContainText('SLE 2,500.00');
    await expect(account).not.toContainText('Disputed');
  });

  test('Disputes: complain to the regulator about a dispute', async ({ page }) => {
    await login(page, 'consumer');
    // The oversight area's endpoint; skipped (not failed) in a build that does not register it.
    test.skip(
      (await page.request.get('/api/consumers/me/complaints')).status() === 404,
      'POST /api/consumers/me/complaints is not registered',
    );
    await page.goto('/consumer/disputes');
    const card = page.getByTestId('dispute').first();
    await card.getByRole('button', { name: 'Complain to the regulator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complain to the regulator' });
    await dialog.getByLabel('What happened').fill('The lender has not answered my dispute and the entry is still wrong.');
    await dialog.getByRole('button', { name: 'Send complaint' }).click();
    await expect(toastRegion(page).getByText('Complaint sent to the regulator')).toBeVisible();
    await expect(card).toContainText(/Complaint CMP-/);
  });

  test('Privacy Controls: freeze and unfreeze, fraud alert, grant and revoke a consent', async ({ page }) => {
    await login(page, 'consumer');
    await page.goto('/consumer/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Controls' })).toBeVisible();
    await page.getByRole('button', { name: 'Freeze my file' }).click();
    await expect(page.getByTestId('freeze-status')).toHaveText(/^Frozen since/);
    await page.getByRole('button', { name: 'Unfreeze my file' }).click();
    await expect(page.getByTestId('freeze-status')).toHaveText('Not frozen');

    await page.getByLabel('Phone lenders should call').fill('+232 76 000 001');
    await page.getByRole('button', { name: 'Place fraud alert' }).click();
    await expect(page.getByText(/Lenders are asked to call \+23276000001/)).toBeVisible();
    await page.getByRole('button', { name: 'Remove the alert' }).click();
    await expect(page.getByRole('button', { name: 'Place fraud alert' })).toBeVisible();

    await page.getByLabel('Find a business').fill('Demo Micro');
    await expect(page.getByLabel('Business', { exact: true }).locator('option', { hasText: 'Demo Microfinance Ltd' })).toHaveCount(1);
    await page.getByLabel('Business', { exact: true }).selectOption({ label: 'Demo Microfinance Ltd' });
    // Insurance, not credit: the revocation below would stop the demo lender's credit reports on the demo person (decisions/017).
    await page.getByLabel('For').selectOption('insurance_underwriting');
    await page.getByRole('button', { name: 'Grant' }).click();
    await expect(toastRegion(page).getByText('Consent granted')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Demo Microfinance Ltd' }).filter({ hasText: 'active' });
    await expect(row).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: /Revoke/ }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Demo Microfinance Ltd' }).filter({ hasText: 'revoked' }).first()).toBeVisible();
    await expect(toastRegion(page).getByText('That business can no longer pull your credit report for this purpose.')).toBeVisible();
  });

  test('Data Access Log: a search by a business shows with its name, time and purpose', async ({ page, request }) => {
    await signedIn(request, 'business');
    expect(
      (
        await request.post('/api/credit/search', { data: { purpose: 'debt_collection', nationalId: DEMO_ACCOUNTS.consumer.nationalId } })
      ).status(),
    ).toBe(200);
    await login(page, 'consumer');
    await page.goto('/consumer/access-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Access Log' })).toBeVisible();
    const entry = page.getByTestId('access-log-entry').filter({ hasText: 'Debt collection' }).first();
    await expect(entry).toContainText('Demo Microfinance Ltd');
    await expect(entry).toContainText('Searched the registry and saw you in the results');
    await page.getByLabel('Show').selectOption('report');
    await expect(page.getByTestId('access-log-entry').filter({ hasText: 'Searched' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('Settings: contact details, password rules, notification choices', async ({ page }) => {
    await login(page, 'consumer');
    await page.goto('/consumer/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByLabel('Email (optional)').fill('aminata.kamara@example.sl');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(toastRegion(page).getByText('Contact details saved')).toBeVisible();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('An0ther-pass');
    await page.getByLabel('Confirm new password').fill('An0ther-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not right')).toBeVisible();
    const checkbox = page.getByRole('checkbox', { name: 'Searches and reports' });
    await checkbox.click();
    await expect(toastRegion(page).getByText('Notification settings saved')).toBeVisible();
    await expect(checkbox).toHaveAttribute('data-state', 'unchecked');
    await checkbox.click();
    await expect(checkbox).toHaveAttribute('data-state', 'checked');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('identity before data', () => {
  test("a consumer who registers with someone else's NIN but cannot receive the code sees no report", async ({ page, request }) => {
    const person = await personOnFileAndAccount(request, page);
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    // The code can only go to the phone on the file, shown masked; the typed phone is not offered.
    const phones = page.getByRole('radio');
    await expect(phones).toHaveCount(1);
    await expect(page.getByText(`+232 ** *** *${person.phoneOnFile.slice(-2)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(toastRegion(page).getByText('Code sent')).toBeVisible();
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/That code is not right\. 4 tries left\.|This code/)).toBeVisible();
    for (const path of ['/consumer/reports', '/consumer/disputes', '/consumer/access-log', '/consumer/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
      await expect(page.getByText(person.accountNumber)).toHaveCount(0);
    }
    const own = await (await page.request.get('/api/consumers/me/report')).json();
    expect(own).toMatchObject({ state: 'unverified', report: null });
    expect((await page.request.get('/api/consumers/me/report.pdf')).status()).toBe(403);
    await expectNoSeriousA11yViolations(page);
  });

  test('the person holding the phone confirms the code and sees the file', async ({ page, request, playwright }) => {
    const person = await personOnFileAndAccount(request, page);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(toastRegion(page).getByText('Code sent')).toBeVisible();
    // The sandbox SMS outbox, as an administrator sees it in demo mode: the message to the phone on file.
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signedIn(admin, 'admin');
    const outbox = await (await admin.get('/api/admin/sandbox/sms')).json();
    const message = outbox.messages.find((m: { to: string }) => m.to === person.phoneOnFile);
    // The phone typed at sign-up never gets the code; it is only told that a code went to a phone on file (issue 21's alert).
    const code = /\b(\d{6})\b/.exec(message.body)![1];
    const toTypedPhone = outbox.messages.filter((m: { to: string }) => m.to === person.typedPhone);
    expect(toTypedPhone.every((m: { body: string }) => !m.body.includes(code))).toBe(true);
    await admin.dispose();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(toastRegion(page).getByText('Identity confirmed')).toBeVisible();
    await page.goto('/consumer/reports');
    await expect(page.getByText(person.accountNumber)).toBeVisible();
  });

  test('a NIN with no file: an honest "no credit file yet"', async ({ page, request }) => {
    const phone = uniquePhone();
    const registered = await request.post('/api/consumers/register', {
      data: {
        userType: 'consumer',
        nationalId: uniqueNationalId(),
        firstName: 'Musa',
        lastName: 'Bangura',
        phone,
        dateOfBirth: '2001-01-05',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        consentToDataProcessing: true,
        agreeToTerms: true,
      },
    });
    expect(registered.status()).toBe(201);
    await login(page, 'consumer', { username: phone, password: PASSWORD });
    await expect(page.getByRole('heading', { name: 'No credit file yet' })).toBeVisible();
    await expect(page.getByText('a missing record never lowers a score or counts as bad credit', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
