import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './helpers/auth';
import { DEMO_PERSON_SUBJECT, reportPersonalLoan, uniqueNationalId, uniquePhone, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, test, toastRegion } from './helpers/fixtures';

// A lender correcting its own accounts from the Clients list: removing one reported in error, moving
// one to the right person, and what the person's dispute then says on both sides.

const SHOTS = 'test-results/account-corrections';
mkdirSync(SHOTS, { recursive: true });

/**
 * The page at 1366 and 390 px, kept for a person to look at: whole, or (an open dialog) the screen
 * as it is, and at 390 px the dialog scrolled to its end too.
 */
async function screenshots(page: Page, name: string, { isDialog = false } = {}) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name} scrolls sideways at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !isDialog });
    if (isDialog && width === 390) {
      await page.getByRole('dialog').evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-end.png` });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const accountNumberOf = (prefix: string) =>
  `${prefix}-${uniqueSuffix()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-8)}`;

interface TPerson {
  nationalId: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
}

const newPerson = (firstName: string, lastName: string): TPerson => ({
  nationalId: uniqueNationalId(),
  firstName,
  lastName,
  phone: uniquePhone(),
  address: '12 Main Road, Makeni',
});

const DEMO_PERSON: TPerson & { dateOfBirth: string } = DEMO_PERSON_SUBJECT;

/** An account reported by the signed-in business (the page's session) under a person. */
async function reportAccount(page: Page, subject: TPerson, accountNumber: string) {
  await reportPersonalLoan(page.request, subject, accountNumber, { status: 'late_60', paymentHistory: '210000' });
}

/** The demo person disputes one of their accounts (through the API, in their own session). */
async function disputeAsDemoPerson(request: APIRequestContext, accountNumber: string): Promise<string> {
  const signedIn = await request.post('/api/consumers/login', {
    data: { username: DEMO_ACCOUNTS.consumer.nationalId, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const own = await (await request.get('/api/consumers/me/report')).json();
  const account = own.report.accounts.find((a: { accountNumber: string }) => a.accountNumber === accountNumber);
  const filed = await request.post('/api/consumers/me/disputes', {
    data: { accountId: account.accountId, reason: 'not_mine', statement: 'I never borrowed from this lender.' },
  });
  expect(filed.status()).toBe(201);
  return (await filed.json()).reference;
}

/** The Clients tab showing the accounts found by this number. */
async function findClient(page: Page, accountNumber: string) {
  await page.goto('/business/reports?tab=clients');
  await page.getByRole('textbox', { name: 'Account number or name' }).fill(accountNumber);
  await page.getByRole('button', { name: 'Find' }).click();
}

test('a lender removes an account reported in error: the reason is required, it leaves the list, and the dispute on it reads as removed on both sides', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'business');
  const accountNumber = accountNumberOf('E2E-RM');
  await reportAccount(page, DEMO_PERSON, accountNumber);
  const reference = await disputeAsDemoPerson(request, accountNumber);

  await findClient(page, accountNumber);
  const list = page.getByTestId('client-accounts');
  await expect(list).toContainText('Aminata Kamara');
  await expect(list).toContainText('Disputed');
  await screenshots(page, 'clients');
  await list.getByRole('button', { name: `Remove (reported in error), account ${accountNumber}` }).click();

  const dialog = page.getByRole('dialog', { name: `Remove account ${accountNumber}` });
  await expect(dialog).toContainText('It leaves every credit report at once and the person is told. This cannot be undone from here.');
  await dialog.getByRole('button', { name: 'Remove account' }).click();
  await expect(dialog.getByText('Say why the account is removed (5 to 500 characters)')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Why it was reported in error' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'remove-dialog', { isDialog: true });

  await dialog.getByRole('textbox', { name: 'Why it was reported in error' }).fill('Entered under the wrong customer at the branch');
  await dialog.getByRole('button', { name: 'Remove account' }).click();
  await expect(toastRegion(page).getByText(`Account ${accountNumber} removed`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No accounts found')).toBeVisible();
  const left = await (await page.request.get(`/api/businesses/me/accounts?q=${accountNumber}`)).json();
  expect(left.total).toBe(0);

  // The lender's dispute list: closed, in words.
  await page.goto('/business/disputes');
  await page.getByRole('radio', { name: 'Resolved' }).click();
  const lenderCard = page.getByTestId('dispute').filter({ hasText: reference });
  await expect(lenderCard).toContainText('Resolved: account removed or moved');
  await expect(lenderCard).toContainText('Entered under the wrong customer at the branch');
  await lenderCard.getByText(/^Timeline/).click();
  await expect(lenderCard).toContainText("You took the account off this person's file");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'business-dispute-removed');

  // The person's: taken off their file, with the lender's reason.
  await login(page, 'consumer');
  await page.goto('/consumer/disputes');
  const personCard = page.getByTestId('dispute').filter({ hasText: reference });
  await expect(personCard).toContainText('Resolved: taken off your file');
  await expect(personCard).toContainText('Why the lender took it off your file');
  await expect(personCard).toContainText('The lender took the account off your file');
  await expect(personCard).toContainText('Off your file');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'consumer-dispute-removed');
});

test('a lender moves an account to the right person: the person fields of a report, then "Moved to" and "Already on this person\'s file"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'business');
  const accountNumber = accountNumberOf('E2E-MV');
  const wrong = newPerson('Fatmata', 'Sesay');
  const right = newPerson('Mariama', 'Bangura');
  await reportAccount(page, wrong, accountNumber);

  await findClient(page, accountNumber);
  const list = page.getByTestId('client-accounts');
  await expect(list).toContainText('Fatmata Sesay');
  await list.getByRole('button', { name: `Move to the right person, account ${accountNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Move account ${accountNumber} to the right person` });
  await dialog.getByRole('button', { name: 'Move account' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    "At least one valid ID number is required (National ID, Driver's License or Passport)",
    'Phone number is required',
    'Address is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'move-dialog', { isDialog: true });

  const fill = async (person: TPerson) => {
    await dialog.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
    await dialog.getByRole('textbox', { name: 'National ID (NIN)' }).fill(person.nationalId);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
    await dialog.getByRole('textbox', { name: 'Address' }).fill(person.address);
  };
  await fill(right);
  await dialog.getByRole('button', { name: 'Move account' }).click();
  await expect(toastRegion(page).getByText("Moved to Mariama Bangura's file")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(list).toContainText('Mariama Bangura');
  await expect(list).not.toContainText('Fatmata Sesay');

  // The same person again: nothing moves.
  await list.getByRole('button', { name: `Move to the right person, account ${accountNumber}` }).click();
  await fill(right);
  await dialog.getByRole('button', { name: 'Move account' }).click();
  await expect(toastRegion(page).getByText("Already on this person's file")).toBeVisible();
});

test('an account already gone says so in words, not a status', async ({ page }) => {
  await login(page, 'business');
  const accountNumber = accountNumberOf('E2E-GONE');
  await reportAccount(page, newPerson('Ibrahim', 'Koroma'), accountNumber);
  await findClient(page, accountNumber);
  const list = page.getByTestId('client-accounts');
  await expect(list).toContainText('Ibrahim Koroma');

  // Removed elsewhere (another member, the monthly file) while this list was on screen.
  const found = await (await page.request.get(`/api/businesses/me/accounts?q=${accountNumber}`)).json();
  const removed = await page.request.delete(`/api/credit/accounts/${found.accounts[0].accountId}`, {
    data: { reason: 'Removed from another screen' },
  });
  expect(removed.status()).toBe(200);

  await list.getByRole('button', { name: `Remove (reported in error), account ${accountNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove account ${accountNumber}` });
  await dialog.getByRole('textbox', { name: 'Why it was reported in error' }).fill('Entered twice by mistake');
  await dialog.getByRole('button', { name: 'Remove account' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('This account is no longer on file');
  await expect(alert).not.toContainText('404');
  await expect(alert).not.toContainText('NOT_FOUND');
  // The list behind the dialog was read again: closing it shows the account gone.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No accounts found')).toBeVisible();
});
