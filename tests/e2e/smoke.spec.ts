import { expect, test } from '@playwright/test';

test('the app loads and deep links serve the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'CreditCheck SL' })).toBeVisible();
  const res = await page.goto('/consumer/disputes');
  expect(res?.status()).toBe(200);
});
