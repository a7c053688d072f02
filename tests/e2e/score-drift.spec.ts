import { DEMO_ACCOUNTS, login } from './helpers/auth';
import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// Issue 19, governance (decisions/038): the Score drift section on the administrator's Security
// Incidents page and the regulator's Compliance page: run the check, read the figures in plain
// words, and no sideways scroll on a phone.
for (const { role, path, name } of [
  { role: 'system_admin', path: '/admin/security', name: 'admin-security-score-drift' },
  { role: 'regulator', path: '/regulator/compliance', name: 'regulator-compliance-score-drift' },
] as const) {
  test(`${role}: the Score drift section runs the check and shows the figures in plain words`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A lender pulls the demo consumer's report: a score of the live model is stored, so the check has
    // at least one person to count (other specs run before this one may have scored more).
    const lender = await browser.newContext();
    const lenderPage = await lender.newPage();
    await login(lenderPage, 'business');
    const found = await lenderPage.request.post('/api/credit/search', {
      data: { purpose: 'credit_application', nationalId: DEMO_ACCOUNTS.consumer.nationalId },
    });
    expect(found.status()).toBe(200);
    const subjectId = (await found.json()).candidates[0].subjectId;
    const report = await lenderPage.request.post('/api/credit/reports', {
      data: { subjectId, purpose: 'credit_application', consent: true },
    });
    expect(report.status()).toBe(200);
    await lender.close();
    await login(page, role);
    await page.goto(path);
    const section = page.getByRole('heading', { name: 'Score drift' }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
    await expect(page.getByRole('heading', { name: 'Score drift' })).toBeVisible();
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(section.getByText('Score stability index')).toBeVisible();
    await expect(section.getByText(/^\d[\d,]* (person|people) /)).toBeVisible();
    await expect(section.getByRole('table', { name: 'Stability index of each feature' })).toBeVisible();
    await expect(section.getByText(/generated demo data/)).toBeVisible();
    // Freetown time, and a status in words (never a bare code).
    await expect(section.getByText(/GMT/).first()).toBeVisible();
    await expect(section.getByText(/^(Stable|Watch|Drifted, review the model|No figure|Too few people to judge)$/).first()).toBeVisible();
    await expect(section).not.toContainText('on_demand');
    await expectNoSeriousA11yViolations(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    }
    await section.scrollIntoViewIfNeeded();
    await shoot(page, name);
  });
}
