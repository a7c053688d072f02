import type { Page } from '@playwright/test';
import { login } from './helpers/auth';
import { expect, test } from './helpers/fixtures';

/**
 * The landing page rendered on the server (decisions/018): complete HTML with no inline script; the
 * app's code runs only from the visitor's first interaction, a click held until then is replayed,
 * and taking the page over raises no console error (a hydration mismatch would) and no CSP violation.
 */

declare global {
  interface Window {
    __landing: { hydratedAt: number | null; cspViolations: string[] };
  }
}

async function watchLanding(page: Page) {
  await page.addInitScript(() => {
    window.__landing = { hydratedAt: null, cspViolations: [] };
    document.addEventListener('ccsl:landing-hydrated', () => (window.__landing.hydratedAt = performance.now()));
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__landing.cspViolations.push(`${e.violatedDirective} ${e.blockedURI || '(inline)'}`),
    );
  });
}

const landingState = (page: Page) => page.evaluate(() => window.__landing);

test('the server sends the landing page complete, from the live content, with no inline script', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const hero = await (await request.get('/api/cms/content?section=hero')).json();
  const headline: string = hero.find((item: { key: string }) => item.key === 'main_headline').content;
  expect(html).toContain(headline.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
  for (const text of ['Access Portal', '0.00012 Gwei', 'Most Popular', 'Frequently asked questions']) expect(html).toContain(text);
  // Every script is a file of this origin, or data (type application/json), which the CSP lets be.
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  for (const tag of scripts) expect(tag, tag).toMatch(/\bsrc="\/|type="application\/json"/);
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('the app starts at the first interaction; the click that started it is replayed', async ({ page }) => {
  await watchLanding(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  // Nothing runs the app while the visitor only reads.
  await page.waitForTimeout(1500);
  expect((await landingState(page)).hydratedAt).toBeNull();

  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  expect((await landingState(page)).hydratedAt).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('creditcheck-sl-theme'))).toBe('light');

  // Then it is the app: the menu, client-side navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Why' }).click();
  await expect(page).toHaveURL('/why');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why a fair credit system matters');
  expect((await landingState(page)).cspViolations).toEqual([]);
});

test('a stored theme choice shows on the button without an interaction', async ({ page }) => {
  await watchLanding(page);
  await page.addInitScript(() => localStorage.setItem('creditcheck-sl-theme', 'dark'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-preference', 'dark');
  expect((await landingState(page)).cspViolations).toEqual([]);
});

test('a link to a section jumps there before the app has started (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await watchLanding(page);
  await page.goto('/');
  const faq = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' });
  // The sections above the footer take their real height as they come into view (content-visibility),
  // so the footer may still move just after it is scrolled to: tap it once it stands still, as a
  // person would. Scrolling is no interaction, so the app has still not started.
  await faq.scrollIntoViewIfNeeded();
  let previous = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await faq.boundingBox());
      const isStill = now === previous;
      previous = now;
      return isStill;
    })
    .toBe(true);
  await faq.click();
  await expect(page).toHaveURL('/#faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
});

test('a signed-in user at / gets the dashboard, not the visitor page', async ({ page }) => {
  await login(page, 'consumer');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Access Portal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /log ?out/i }).first()).toBeVisible();
});
