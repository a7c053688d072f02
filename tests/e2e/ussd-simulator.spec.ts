import { DEMO_USSD_PIN } from '../../src/shared/demo';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// The USSD simulator (demo mode only, decisions/044): a drawn feature phone driving the same menu
// as the aggregator's callback, from dialling to the score, at a phone's width.
test('the USSD simulator: dial, PIN, menu, score at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/ussd-simulator');
  await expect(page).toHaveTitle(/USSD Simulator/);
  await expect(page.getByRole('heading', { name: 'USSD simulator' })).toBeVisible();
  const screen = page.getByTestId('ussd-screen');
  await expect(screen).toContainText('Press Dial');

  await page.getByRole('button', { name: 'Dial' }).click();
  await expect(screen).toContainText('Enter your 4-digit PIN:');
  // The PIN by the keypad, as on a phone.
  for (const digit of DEMO_USSD_PIN)
    await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByLabel('Your reply')).toHaveValue(DEMO_USSD_PIN);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(screen).toContainText('1 My score');
  await expect(screen).toContainText('5 Call me about a dispute');
  await shoot(page, 'ussd-simulator-menu');
  await page.setViewportSize({ width: 390, height: 900 });

  await page.getByLabel('Your reply').fill('1');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(screen).toContainText(/Your credit score is \d+ \((Good|Fair|Poor)\)|You have no score yet/);
  // The session is over: the reply field is closed and the button dials again.
  await expect(page.getByLabel('Your reply')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Dial' })).toBeVisible();
  const box = await page.locator('section[aria-label="Simulated phone"]').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'ussd-simulator');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(screen).toContainText('Press Dial');
});
