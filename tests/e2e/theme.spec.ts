import { expect, test } from './helpers/fixtures';

test('theme: system by default, then light, dark, system; the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  const toggle = page.getByTestId('theme-toggle');
  // No stored choice: system, which follows the dark OS setting here.
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  await expect(html).toHaveClass(/dark/);

  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('creditcheck-sl-theme'))).toBe('light');
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-preference', 'light');
  await expect(html).not.toHaveClass(/dark/);

  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('creditcheck-sl-theme'))).toBe('dark');
  // Another page reads the same stored choice, before React starts too.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/help');
  await expect(html).toHaveClass(/dark/);

  await page.getByTestId('theme-toggle').click();
  expect(await page.evaluate(() => localStorage.getItem('creditcheck-sl-theme'))).toBe('system');
  await expect(html).not.toHaveClass(/dark/);
});
