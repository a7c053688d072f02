import { login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';

// Undoing a consumer account's linking to a credit file (decisions/021): the control on the Users
// page asks for the reason (the documents checked) before anything is sent. The unlinking itself is
// tested through the API (tests/api/consumer/identity-takeover.test.ts).
test('User Management: "Undo linking" on a consumer asks for the reason first', async ({ page }) => {
  await login(page, 'system_admin');
  await page.goto('/admin/users?tab=accounts');
  await page.getByLabel('Role').selectOption('consumer');
  await page.getByRole('button', { name: 'Search' }).first().click();
  await page.getByRole('button', { name: 'Undo linking of Aminata Kamara to a credit file' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Undo the linking of Aminata Kamara' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo linking' }).click();
  await expect(dialog.getByText('Give the reason: the documents you checked and what they showed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
