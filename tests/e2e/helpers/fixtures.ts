import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The browser's own line for an HTTP error answer. Expected 4xx answers of the API (401 from the
 * "me" calls a visitor makes, 400/402/409 that a form then shows) are part of the flows under test,
 * not errors of the app; anything else on the console, and every 5xx, fails the test.
 */
const EXPECTED_API_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The server's 404 for a path that is no page of the app: the page itself shows the not-found page. */
const NOT_FOUND_DOCUMENT = /^Failed to load resource: the server responded with a status of 404/;

function isExpectedConsoleError(text: string, url: string, pageUrl: string): boolean {
  if (NOT_FOUND_DOCUMENT.test(text) && url === pageUrl) return true;
  return EXPECTED_API_4XX.test(text) && new URL(url, 'http://x').pathname.startsWith('/api/');
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (isExpectedConsoleError(message.text(), message.location().url, page.url())) return;
        errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, 'the browser console must stay free of errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The page does not scroll sideways at its current width. Polled: after a resize the page is laid
 * out again at the next frame, and what is drawn at its box's width (the score trend line) is
 * redrawn a frame later; a loaded machine may check in between.
 */
export async function expectNoSidewaysScroll(page: Page, what = 'the page') {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what} scrolls sideways at ${page.viewportSize()?.width} px`,
      timeout: 10_000,
    })
    .toBeLessThanOrEqual(0);
}

/** Axe: no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * The toast on screen (spec: one at a time). Found by its own attribute rather than by role: while
 * a modal dialog is open, everything outside it (the toast region too) is hidden from the
 * accessibility tree.
 */
export const toastRegion = (page: Page) => page.locator('li[data-kind]');
