import { readFile } from 'node:fs/promises';
import { login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// The consumer's dashboard as the product's centrepiece (issue 20) with the score simulator (issue
// 19): the demo consumer has a score (in default: the rule's 300-349) and a year of monthly scores
// (db/seed/demo-score-history.ts).

const GRADES = ['Strong', 'Could be better', 'Needs attention'];

test('My Profile: the score as a meter, its trend, a card per factor, reports with Download, the simulator', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'consumer');
  // The first read builds the person's report: slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 });

  // The gauge the lender's report uses, read as a meter with the band in words.
  const meter = page.getByRole('meter', { name: 'Credit score' });
  await expect(meter).toBeVisible();
  const value = Number(await meter.getAttribute('aria-valuenow'));
  expect(value).toBeGreaterThanOrEqual(300);
  expect(value).toBeLessThanOrEqual(850);
  await expect(meter).toHaveAttribute('aria-valuemin', '300');
  await expect(meter).toHaveAttribute('aria-valuemax', '850');
  await expect(meter).toHaveAttribute('aria-valuetext', new RegExp(`^${value}, (Good|Fair|Poor), on a scale of 300 to 850$`));
  await expect(meter.getByTestId('score-value')).toHaveText(String(value));

  // The trend: a real chart of the stored scores, a date once on the axis, a line off the axis.
  const chart = page.getByTestId('score-trend-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-part="line"]')).toBeVisible();
  const ticks = await chart.locator('text[data-part="date"]').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ticks).size, `axis dates: ${ticks.join(', ')}`).toBe(ticks.length);
  // en-GB writes September "Sept".
  for (const tick of ticks) expect(tick).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/);
  const rows = await chart.locator('table tbody tr').count();
  expect(rows).toBeGreaterThanOrEqual(2);
  // The horizontal axis line, under the points.
  const axisY = await chart.locator('line[data-part="axis"]').getAttribute('y1');
  const dotsY = await chart.locator('circle[data-part="point"]').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('cy'))));
  expect(dotsY.length).toBe(rows);
  expect(Math.min(...dotsY), 'the line is drawn above the axis').toBeLessThan(Number(axisY) - 5);
  await expect(chart.locator('figcaption')).toContainText(/^From \d{3} on .+ to \d{3} on .+/);

  // One card per factor group, each with a grade in words and what would help.
  const cards = page.getByTestId('factor-card');
  await expect(cards).toHaveCount(5);
  for (const title of ['Payment history', 'Amounts owed', 'Length of history', 'New credit', 'Bills and mobile money'])
    await expect(cards.filter({ has: page.getByRole('heading', { name: title }) })).toHaveCount(1);
  for (const grade of await page.getByTestId('factor-grade').allInnerTexts()) expect(GRADES).toContain(grade);
  // The demo consumer's group loan is in default.
  const payment = cards.filter({ has: page.getByRole('heading', { name: 'Payment history' }) });
  await expect(payment.getByTestId('factor-grade')).toHaveText('Needs attention');
  await expect(payment).toContainText('while a default or a payment 90 days late shows, the score stays between 300 and 349');

  // Download gives a PDF; Request New Report adds one to the list, each with its own Download.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-current-pdf').click()]);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  const list = page.getByTestId('report-list');
  const kept = await list
    .getByRole('listitem')
    .count()
    .catch(() => 0);
  await page.getByRole('button', { name: 'Request New Report' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(5, kept + 1));
  await expect(list.getByRole('link', { name: /^Download the report of / }).first()).toBeVisible();

  // What if…: an estimate, said to be one.
  await page.getByLabel('I bring my late accounts up to date').check();
  await page.getByLabel('I pay down what I owe by').selectOption('50');
  await page.getByRole('button', { name: 'Estimate my score' }).click();
  const estimate = page.getByTestId('simulation-result');
  await expect(estimate).toContainText('Estimate only, not your score');
  await expect(estimate.getByTestId('estimated-score')).toHaveText(/^\d{3}$/);
  await expect(estimate).toContainText('A default stays on the file for its retention period, whatever is paid.');
  await expect(estimate).toContainText('Nothing is saved, no lender sees it and it is not a credit check.');
  expect(Number(await estimate.getByTestId('estimated-score').innerText())).toBeGreaterThanOrEqual(value);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(meter).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  // From the top: a full-page capture taken while scrolled paints the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'consumer-dashboard');
});
