import type { Page } from '@playwright/test';

/**
 * Full-page screenshots at a phone's width (390) and a laptop's, when SCREENSHOT_DIR is set, for a
 * person to look at; the page is left at the laptop's width.
 */
export async function shoot(page: Page, name: string, laptopWidth = 1366): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, laptopWidth]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: laptopWidth, height: 900 });
}
