import { DEMO_PASSWORD, login } from './helpers/auth';
import { uniqueNationalId, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

const row = (n: number, suffix: string, overrides: Record<string, unknown> = {}) => ({
  subject: {
    nationalId: uniqueNationalId(),
    firstName: 'Abu',
    lastName: `Kamara${n}`,
    dateOfBirth: '1984-03-12',
    phone: `+232 76 ${String(300000 + n).slice(0, 3)} ${String(100 + n).padStart(3, '0')}`,
    address: { line: `${n} Dama Road, Kenema`, district: 'Kenema' },
    ...overrides,
  },
  account: {
    accountNumber: `E2E-${suffix}-${n}`,
    type: 'microfinance_loan',
    currency: 'SLE',
    principal: '5000.00',
    balance: '1200.00',
    openedAt: '2025-01-10',
    status: 'current',
    paymentHistory: '000',
  },
});

test('the regulator sees compliance per business with flags and the method, audit reports, and incidents read only; it cannot change records', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The demo lender sends a monthly file in which half the rows are refused.
  const lender = await browser.newContext();
  const lenderPage = await lender.newPage();
  await login(lenderPage, 'business');
  const suffix = uniqueSuffix();
  const rows = [row(1, suffix), row(2, suffix), row(3, suffix, { nationalId: undefined }), row(4, suffix, { phone: '12' })];
  const sent = await lenderPage.request.post('/api/credit/submissions', { data: { rows } });
  expect(sent.status()).toBe(202);
  const { id } = await sent.json();
  await expect
    .poll(async () => (await (await lenderPage.request.get(`/api/credit/submissions/${id}`)).json()).status, { timeout: 20_000 })
    .toBe('completed');
  await lender.close();

  await login(page, 'regulator');
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory Overview' })).toBeVisible();
  await expect(page.getByText('Average compliance score')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-dashboard', 1280);

  await page
    .getByRole('navigation', { name: /navigation$/ })
    .getByRole('link', { name: 'Compliance Monitoring' })
    .click();
  const demo = page.getByTestId('compliance-row').filter({ hasText: 'Demo Microfinance Ltd' });
  await expect(demo.getByText(/% of monthly-file rows rejected/)).toBeVisible();
  await expect(page.getByText('How the compliance score is computed')).toBeVisible();
  await expect(page.getByText(/Overdue disputes \(open past the answer deadline\): 10 points each/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-compliance', 1280);
  await demo.getByRole('button', { name: 'Demo Microfinance Ltd' }).click();
  await expect(page.getByRole('dialog').getByText('How the score was computed')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(/Rejected rows in monthly files/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/regulator/audits');
  await page.getByRole('button', { name: 'Show summary' }).click();
  await expect(page.getByText('The audit log is intact', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('cell', { name: 'auth.login', exact: true }).first()).toBeVisible();
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^creditcheck-audit-.+\.csv$/);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^creditcheck-audit-.+\.pdf$/);
  // The seal heads kept outside the database: the latest shown, downloaded, and a kept head checked.
  await expect
    .poll(async () => (await (await page.request.get('/api/regulators/audit/seal-heads?limit=1')).json()).latest?.sealHash ?? null, {
      timeout: 30_000,
    })
    .not.toBeNull();
  await page.reload();
  await expect(page.getByText('Seal heads kept outside the database')).toBeVisible();
  await expect(page.getByTestId('latest-seal-head')).toBeVisible();
  const keptHash = (await page.getByTestId('latest-seal-head').locator('dd.font-mono').textContent())!.trim();
  expect(keptHash).toMatch(/^[0-9a-f]{64}$/);
  const headsCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download seal heads (CSV)' }).click();
  expect((await headsCsv).suggestedFilename()).toBe('creditcheck-audit-seal-heads.csv');
  await page.getByLabel('A seal hash you kept').fill('not-a-hash');
  await page.getByRole('button', { name: 'Check it is in the chain' }).click();
  await expect(page.getByText('Enter a seal hash: 64 characters, 0-9 and a-f')).toBeVisible();
  await page.getByLabel('A seal hash you kept').fill(keptHash);
  await page.getByRole('button', { name: 'Check it is in the chain' }).click();
  await expect(page.getByTestId('kept-head-result')).toContainText('The head you kept is in the chain', { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-audits', 1280);

  await page.goto('/regulator/incidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incident Reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-incidents', 1280);

  // Read only: the registry and the administration refuse every change from a regulator.
  expect((await page.request.post('/api/credit/accounts', { data: rows[0] })).status()).toBe(403);
  expect((await page.request.put('/api/admin/settings', { data: { disputeDeadlineDays: 10 } })).status()).toBe(403);
  expect(
    (
      await page.request.post('/api/admin/businesses/00000000-0000-4000-8000-000000000000/suspend', { data: { reason: 'regulator tries' } })
    ).status(),
  ).toBe(403);
});

test('a consumer complains to the regulator, who investigates, keeps notes and closes it with an outcome the consumer sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const consumer = await browser.newContext();
  const consumerPage = await consumer.newPage();
  await login(consumerPage, 'consumer');
  const subject = `Lender ignores my dispute ${uniqueSuffix()}`;
  const filed = await consumerPage.request.post('/api/consumers/me/complaints', {
    data: { subject, description: 'I disputed an account weeks ago and the lender never answered me.' },
  });
  expect(filed.status()).toBe(201);
  const complaint = await filed.json();

  await login(page, 'regulator');
  await page.goto('/regulator/investigations');
  const card = page.getByTestId('complaint').filter({ hasText: subject });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-investigations', 1280);
  await card.getByRole('button', { name: `Investigate complaint ${complaint.reference}` }).click();
  const opening = page.getByRole('dialog');
  await opening.getByLabel('Title').fill(`Unanswered dispute, ${complaint.reference}`);
  await opening.getByRole('button', { name: 'Open investigation' }).click();
  await expect(toastRegion(page)).toContainText('Investigation opened');

  const detail = page.getByRole('dialog');
  await expect(detail.getByText(subject)).toBeVisible();
  await detail.getByLabel('Add a note').fill('Asked the lender for its answer and its dispute log.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  await expect(detail.getByText('Asked the lender for its answer and its dispute log.')).toBeVisible();
  expect((await (await consumerPage.request.get(`/api/consumers/me/complaints/${complaint.id}`)).json()).status).toBe(
    'under_investigation',
  );

  await detail.getByLabel('Status', { exact: true }).selectOption('closed');
  await detail.getByRole('button', { name: 'Save status' }).click();
  await expect(detail.getByText('Please choose an outcome to close the investigation')).toBeVisible();
  await detail.getByLabel('Outcome', { exact: true }).selectOption('resolved_by_business');
  await detail.getByLabel('Outcome summary (the complainant sees it)').fill('The lender answered and corrected the entry.');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'regulator-investigation', 1280);
  await detail.getByRole('button', { name: 'Save status' }).click();
  await expect(toastRegion(page)).toContainText('Investigation closed');
  const closed = await (await consumerPage.request.get(`/api/consumers/me/complaints/${complaint.id}`)).json();
  expect(closed).toMatchObject({ status: 'closed', outcomeSummary: 'The lender answered and corrected the entry.' });
  await consumer.close();
});

test("the regulator's Settings: own account and password, the rules in force and each change an administrator made", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // An administrator lengthens the lockout (put back at the end: other tests rely on the demo settings).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'system_admin');
  const before = (await (await adminPage.request.get('/api/admin/settings')).json()).loginLockoutMinutes as number;
  expect((await adminPage.request.put('/api/admin/settings', { data: { loginLockoutMinutes: before + 1 } })).status()).toBe(200);

  try {
    await login(page, 'regulator');
    await page
      .getByRole('navigation', { name: /navigation$/ })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.locator('#main').getByText('Demo Regulator')).toBeVisible();
    const rules = page.getByRole('table', { name: 'Rules in force' });
    await expect(rules.getByRole('row', { name: /Lockout length/ })).toContainText(`${before + 1} minutes`);
    await expect(rules.getByRole('row', { name: /Dispute answer deadline/ })).toContainText('days');
    await expect(page.getByRole('table', { name: 'Plans and quotas' }).getByRole('row', { name: /Enterprise/ })).toContainText(
      'By agreement',
    );
    const change = page
      .getByRole('list', { name: 'Changes to the rules' })
      .getByRole('listitem')
      .filter({ hasText: 'Lockout length:' })
      .first();
    await expect(change).toContainText(`${before}`);
    await expect(change).toContainText(`${before + 1}`);
    await expect(change).toContainText('Demo Administrator');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'regulator-settings', 1280);

    // The password: a wrong current one is named under its field; then changed, and changed back.
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-the-password-1');
    await form.getByLabel('New password', { exact: true }).fill('Regulator-pass-2');
    await form.getByLabel('Confirm new password').fill('Regulator-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The current password is not right')).toBeVisible();
    for (const [current, next] of [
      [DEMO_PASSWORD, 'Regulator-pass-2'],
      ['Regulator-pass-2', DEMO_PASSWORD],
    ]) {
      await form.getByLabel('Current password').fill(current);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password').fill(next);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(toastRegion(page).getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
      await expect(form.getByLabel('Current password')).toHaveValue('');
    }
  } finally {
    await adminPage.request.put('/api/admin/settings', { data: { loginLockoutMinutes: before } });
    await adminContext.close();
  }
});
