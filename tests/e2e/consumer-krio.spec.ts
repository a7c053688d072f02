import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// Issue 21 (decisions/047): the consumer portal in Krio. The demo consumer switches in the header,
// every consumer page reads in Krio (words from src/shared/i18n/locales/kri), the server keeps the
// choice across a reload, and switching back gives the English every other spec reads.

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/** Each consumer page, its Krio heading and a Krio sentence on it. */
const PAGES = [
  { path: '/consumer/dashboard', name: 'dashboard', heading: 'Mi Profayl', text: 'Wetin de mek yu skor' },
  { path: '/consumer/reports', name: 'reports', heading: 'Kredit Ripot dem', text: 'Bot yu' },
  { path: '/consumer/disputes', name: 'disputes', heading: 'Kompleyn dem', text: 'Kompleyn bot tin we rong na yu fayl' },
  { path: '/consumer/privacy', name: 'privacy', heading: 'Praivasi', text: 'Disayd udat go si yu kredit fayl' },
  { path: '/consumer/access-log', name: 'access-log', heading: 'Udat Luk Mi Fayl', text: 'Ebri biznes we luk fo yu' },
  { path: '/consumer/settings', name: 'settings', heading: 'Setin dem', text: 'Yu fon, imel, paswod' },
];

test('the consumer portal in Krio: switch in the header, every page in Krio, kept across a reload, back to English', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'consumer');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 });

  try {
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Krio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Profayl' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'kri');
    // The header speaks Krio too, and the gauge is read in Krio.
    await expect(
      page.getByRole('navigation', { name: 'Kustoma nevigeshon' }).getByRole('link', { name: 'Kredit Ripot dem' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Komot' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Kredit skor' })).toHaveAttribute(
      'aria-valuetext',
      /^\d{3}, (Gud|Midul|Lo), from 300 to 850$/,
    );
    await expect(page.getByTestId('factor-card')).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Aw yu de pe' })).toBeVisible();

    for (const target of PAGES) {
      await page.goto(target.path);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(target.text).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'kri');
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 900 });
      await expectNoSidewaysScroll(page, target.path);
      await page.setViewportSize({ width: 1366, height: 900 });
      await shoot(page, `consumer-${target.name}-krio`);
    }

    // The server kept the choice: a fresh load of the page is still in Krio.
    await page.goto('/consumer/dashboard');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Profayl' })).toBeVisible({ timeout: 30_000 });
    const me = await page.request.get('/api/consumers/me');
    expect(await me.text()).toContain('"language":"kri"');

    const dir = process.env.SCREENSHOT_DIR;
    if (dir) {
      await mkdir('docs/screenshots', { recursive: true });
      for (const width of [1366, 390])
        await copyFile(`${dir}/consumer-dashboard-krio-${width}.png`, `docs/screenshots/consumer-dashboard-krio-${width}.png`);
    }

    // Back to English: the words every other spec reads.
    await page.getByRole('group', { name: 'Langwej' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(async () => (await page.request.get('/api/consumers/me')).text()).toContain('"language":"en"');
  } finally {
    // Whatever failed above, leave the demo consumer in English for the other specs.
    await page.request.put('/api/consumers/me/language', { data: { language: 'en' } });
  }
});
