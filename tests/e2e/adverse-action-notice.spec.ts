import { DEMO_ACCOUNTS, login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// Issue 19: under every report a lender pulls, the notice it gives an applicant it declines, with the
// PDF of the same words (tests/api/credit/adverse-action.test.ts reads the PDF).

test('a pulled report carries the notice for a declined applicant, with its PDF to download', async ({ page }) => {
  await login(page, 'business');
  await page.goto(`/business/search?q=${DEMO_ACCOUNTS.consumer.nationalId}`);
  await page.getByRole('combobox', { name: 'Permissible purpose' }).selectOption('credit_application');
  await page.getByRole('checkbox', { name: /given their consent/ }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('candidates').getByRole('button', { name: 'View report of Aminata Kamara' }).click();

  const notice = page.getByTestId('adverse-action-notice');
  await expect(notice.getByRole('heading', { name: 'Notice for a declined applicant' })).toBeVisible();
  await expect(notice).toContainText('Demo Microfinance Ltd made this decision, not CreditCheck SL');
  await expect(notice).toContainText(/The credit score in that report was \d+ \((Good|Fair|Poor)\), on a scale of 300 to 850/);
  await expect(notice.getByRole('heading', { name: 'The main things that lowered the score' })).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await expect(notice).toContainText('you may dispute it free of charge');
  const download = notice.getByRole('link', { name: 'Download notice (PDF)' });
  await expect(download).toHaveAttribute('href', /^\/api\/credit\/reports\/[0-9a-f-]{36}\/adverse-action\.pdf$/);
  const answer = await page.request.get((await download.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');

  await notice.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'adverse-action-notice');
});
