import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';

const TABS = ['Getting Started', 'Features', 'AI Scoring', 'National ID', 'Troubleshooting', 'Updates', 'All'];

test('categories, featured guides, quick stats and guide cards', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Help categories' }).getByRole('tab')).toHaveText(TABS);
  await expect(page.getByTestId('featured-guides').getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('help-stats')).toContainText('Guides');

  const cards = page.getByTestId('guide-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(3);
  const first = cards.first();
  await expect(first).toContainText(/beginner|intermediate|advanced/i);
  await expect(first).toContainText(/\d+ min/);
  await expect(first).toContainText(/\d+ views?/);
  await expect(first).toContainText(/v\d/);
  // Previews are at most 120 characters (plus an ellipsis).
  for (const preview of await cards.locator('p').allTextContents()) expect(preview.length).toBeLessThanOrEqual(121);

  await page.getByRole('tab', { name: 'National ID' }).click();
  const national = await cards.count();
  expect(national).toBeGreaterThan(0);
  expect(national).toBeLessThan(total);
  for (const text of await cards.allTextContents()) expect(text).toContain('National ID');
  await expectNoSeriousA11yViolations(page);
});

test('search over title, content and tags; "No results found" with Clear Search', async ({ page }) => {
  await page.goto('/help');
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  const cards = page.getByTestId('guide-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();

  await search.fill('defaulter');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThan(total);
  // A tag of the seeded "Getting started" guide.
  await search.fill('verification');
  await expect(cards.filter({ hasText: 'Getting started as a business' })).toBeVisible();

  await search.fill('zzqx no such words');
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  await expect(cards).toHaveCount(total);
});

test('"No content available" for an empty category', async ({ page }) => {
  // Answer the list without any troubleshooting guide, to see the empty category.
  await page.route('**/api/help-content', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as { category: string }[];
    await route.fulfill({ response, json: items.filter((i) => i.category !== 'troubleshooting') });
  });
  await page.goto('/help');
  await page.getByRole('tab', { name: 'Troubleshooting' }).click();
  await expect(page.getByRole('heading', { name: 'No content available' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('detail view: author, version, tags, markdown, view count; Back to List', async ({ page }) => {
  await page.goto('/help');
  const card = page.getByTestId('guide-card').filter({ hasText: 'Getting started as a business' });
  const before = Number(await card.getByTestId('guide-views').textContent());
  const viewed = page.waitForResponse((r) => /\/api\/help-content\/\d+\/view$/.test(r.url()) && r.request().method() === 'POST');
  await card.getByRole('button', { name: /Read Guide/ }).click();
  expect((await viewed).status()).toBe(200);
  const detail = page.getByTestId('guide-detail');
  await expect(detail.getByRole('heading', { level: 2, name: 'Getting started as a business' })).toBeVisible();
  await expect(detail).toContainText('CreditCheck SL Support Team');
  await expect(detail).toContainText('Version');
  await expect(detail.getByRole('list', { name: 'Tags' })).toContainText('registration');
  // Markdown: "## 1. Register" becomes a heading, **bold** becomes strong text.
  await expect(detail.getByRole('heading', { name: '1. Register' })).toBeVisible();
  await expect(detail.locator('strong').first()).toBeVisible();
  await expect(detail).toContainText(before + 1 === 1 ? '1 view' : `${before + 1} views`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  await expect(page.getByTestId('guide-card').filter({ hasText: 'Getting started as a business' }).getByTestId('guide-views')).toHaveText(
    String(before + 1),
  );
});

test('markdown is rendered without raw HTML', async ({ page }) => {
  await page.route('**/api/help-content', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as Record<string, unknown>[];
    items[0] = { ...items[0], content: 'Safe <img src=x onerror="window.__pwned=1"> text <b>bold?</b>' };
    await route.fulfill({ response, json: items });
  });
  await page.route('**/api/help-content/*/view', (route) => route.fulfill({ json: { id: 1, viewCount: 1 } }));
  await page.goto('/help');
  await page
    .getByTestId('guide-card')
    .first()
    .getByRole('button', { name: /Read Guide/ })
    .click();
  const detail = page.getByTestId('guide-detail');
  await expect(detail).toContainText('Safe');
  await expect(detail.locator('img')).toHaveCount(0);
  await expect(detail.locator('b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("updates tab: What's New with the first three updates, 150-character previews and Read More", async ({ page }) => {
  await page.goto('/help');
  const whatsNewCall = page.waitForRequest((r) => r.url().endsWith('/api/help-content?category=updates'));
  await page.getByRole('tab', { name: 'Updates' }).click();
  await whatsNewCall;
  const panel = page.getByTestId('whats-new');
  await expect(panel.getByRole('heading', { name: "What's New", exact: true })).toBeVisible();
  const items = panel.getByRole('listitem');
  expect(await items.count()).toBeGreaterThan(0);
  expect(await items.count()).toBeLessThanOrEqual(3);
  for (const preview of await items.locator('p.mt-1').allTextContents()) expect(preview.length).toBeLessThanOrEqual(151);
  const title = (await items.first().getByRole('heading').textContent())!;
  await items
    .first()
    .getByRole('button', { name: /Read More/ })
    .click();
  await expect(page.getByTestId('guide-detail').getByRole('heading', { level: 2 })).toHaveText(title);
  await page.getByRole('button', { name: 'Back to List' }).click();
  await expect(page.getByTestId('whats-new')).toBeVisible();
});
