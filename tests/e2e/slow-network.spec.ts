import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './helpers/auth';
import { expect, test } from './helpers/fixtures';

/**
 * Issue 21: most people reach the bureau over a slow mobile network. Each consumer page's first
 * load (a cold cache, as on a new phone) must stay under 200 KB transferred, counted as the bytes
 * on the wire (compressed, headers included) by Chromium's network layer; and on the 3G profile
 * of Chromium's DevTools (1.44 Mbit/s down, 675 kbit/s up, 562.5 ms round trip) the dashboard must
 * be usable (score shown, navigation working) within 5 seconds of opening it.
 */
const BUDGET_BYTES = 200 * 1024;
// Both are met and enforced (decisions/048): first loads 170-193 KB on 2026-11-26 (from 229-255 KB the
// day before), the dashboard usable after 3.5-3.8 s on this machine.
const USABLE_WITHIN_MS = 5_000;

/** Chromium DevTools' "3G" preset (formerly "Fast 3G"): what a phone on a busy 3G cell gets. */
const THREE_G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

const CONSUMER_PAGES = [
  { path: '/consumer/dashboard', ready: 'Credit Score' },
  { path: '/consumer/reports', ready: null },
  { path: '/consumer/disputes', ready: null },
  { path: '/consumer/privacy', ready: null },
  { path: '/consumer/access-log', ready: null },
  { path: '/consumer/settings', ready: null },
] as const;

/** A fresh browser context (empty cache) signed in as the demo consumer through the API. */
async function signedInConsumer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/consumers/login', {
    data: { username: DEMO_ACCOUNTS.consumer.nationalId, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  return { context, page };
}

/** Counts every byte the page receives from here on (Chromium's encodedDataLength: on the wire). */
async function countBytes(
  page: Page,
): Promise<{ cdp: CDPSession; total: () => number; largest: () => string[]; fetchedTwice: () => string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  return {
    cdp,
    total: () => [...sizes.values()].reduce((sum, n) => sum + n, 0),
    fetchedTwice: () => [...urls.values()].filter((path, i, all) => all.indexOf(path) !== i),
    largest: () =>
      [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([id, n]) => `${(n / 1024).toFixed(1).padStart(6)} KB  ${urls.get(id)}`),
  };
}

test('every consumer page loads under 200 KB transferred on a cold cache', async ({ browser }) => {
  test.setTimeout(180_000);
  const lines: string[] = [];
  const totals: Record<string, number> = {};
  for (const { path } of CONSUMER_PAGES) {
    const { context, page } = await signedInConsumer(browser);
    const bytes = await countBytes(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    const total = bytes.total();
    lines.push(`${path}: ${(total / 1024).toFixed(1)} KB\n${bytes.largest().join('\n')}`);
    totals[path] = total;
    await context.close();
  }
  console.log(`Consumer pages, first load on the wire (budget 200 KB):\n${lines.join('\n')}`);
  for (const [path, total] of Object.entries(totals)) expect(total, `${path} first load`).toBeLessThan(BUDGET_BYTES);
});

test('on a 3G network the dashboard is usable within 5 seconds', async ({ browser }) => {
  const { context, page } = await signedInConsumer(browser);
  const { cdp, fetchedTwice } = await countBytes(page);
  await cdp.send('Network.emulateNetworkConditions', THREE_G);
  const started = Date.now();
  await page.goto('/consumer/dashboard', { waitUntil: 'commit' });
  // Usable: the person's score is on screen and the navigation answers.
  await expect(
    page
      .getByTestId('score-gauge')
      .or(page.getByText(/no score yet/i))
      .first(),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /reports/i }).first()).toBeVisible();
  const usableAfter = Date.now() - started;
  console.log(`Dashboard usable on 3G after ${usableAfter} ms (target ${USABLE_WITHIN_MS} ms)`);
  expect(usableAfter).toBeLessThan(USABLE_WITHIN_MS);
  // The page's HTML preloads its code and first API reads (decisions/048): a preload the page does not
  // take (another URL, or asked another way) would show here as the same path fetched twice.
  expect(fetchedTwice(), 'paths fetched twice').toEqual([]);
  await context.close();
});
