import { gzipSync } from 'node:zlib';
import { expect, test } from './helpers/fixtures';

const BUDGET_BYTES = 150 * 1024;

test('the landing page loads under 150 KB of JavaScript, gzipped', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
  const lines = [...scripts.entries()].map(([url, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  console.log(
    `Landing page initial JS, gzipped: ${(total / 1024).toFixed(1)} KB in ${scripts.size} files (budget 150 KB)\n${lines.join('\n')}`,
  );
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThan(BUDGET_BYTES);
});
