import { expect, expectNoSeriousA11yViolations, test } from './helpers/fixtures';

test.describe('landing page', () => {
  test('header for visitors, eight sections in order, managed text and pricing from the API', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'CreditCheck SL' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Build and Use', 'Vision', 'Why', 'Resources']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Access Portal' })).toHaveAttribute('href', '/auth');
    await expect(header.getByText('0.00012 Gwei')).toBeVisible();

    // Hero text comes from GET /api/cms/content?section=hero (seeded content).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sierra Leone's First National Credit Bureau");
    await expect(page.getByRole('link', { name: 'Register now' }).first()).toHaveAttribute('href', '/register');
    await expect(page.getByRole('button', { name: 'Learn More' })).toBeVisible();

    // The eight sections, in the spec's order.
    const order = await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-label') || s.getAttribute('aria-labelledby')));
    expect(order).toEqual(['hero-title', 'At a glance', 'features', 'how-it-works', 'testimonials', 'pricing', 'about', 'faq']);

    const stats = page.getByRole('region', { name: 'At a glance' });
    await expect(stats).toContainText('First credit bureau in Sierra Leone');
    await expect(stats).toContainText('24/7');
    await expect(stats).toContainText('$250');
    await expect(stats).toContainText('Always free for consumers');

    await expect(page.locator('#features')).toContainText('AI-Powered Credit Scoring');
    await expect(page.locator('#testimonials').getByRole('listitem')).toHaveCount(3);

    const pricing = page.locator('#pricing');
    await expect(pricing.getByTestId('plan-consumer')).toContainText('Free');
    await expect(pricing.getByTestId('plan-starter')).toContainText('Free');
    await expect(pricing.getByTestId('plan-starter')).toContainText('3 credit inquiries per month');
    await expect(pricing.getByTestId('plan-professional')).toContainText('$250');
    await expect(pricing.getByTestId('plan-professional')).toContainText('20 credit inquiries per month');
    await expect(pricing.getByTestId('plan-professional')).toContainText('Most Popular');
    await expect(pricing.getByTestId('plan-enterprise')).toContainText('Custom');
    await expect(pricing.getByTestId('plan-enterprise')).toContainText('50+ credit inquiries per month');
    // The registration charge (Standard) is not a public plan.
    await expect(pricing.getByTestId('plan-standard')).toHaveCount(0);

    const faq = page.locator('#faq');
    await faq.getByRole('button', { name: 'What do I need to report a defaulter?' }).click();
    await expect(faq).toContainText("at least one valid ID number (National ID, Driver's License or Passport)");
    await faq.getByRole('button', { name: 'How is my business verified?' }).click();
    await expect(faq).toContainText('registration documents, your tax identification and any supporting documents');
    await faq.getByRole('button', { name: 'What happens when a consumer disputes an entry?' }).click();
    await expect(faq).toContainText('marked "disputed" at once and stays marked until the dispute is resolved');
    await faq.getByRole('button', { name: 'How is personal information protected?' }).click();
    await expect(faq).toContainText('partially masked');

    const footer = page.getByRole('contentinfo');
    for (const label of ['Company', 'Services', 'Legal']) await expect(footer.getByRole('heading', { name: label })).toBeVisible();
    for (const label of [
      'Credit Checks',
      'Default Reporting',
      'Business Verification',
      'Dispute Resolution',
      'Terms of Service',
      'Privacy Policy',
      'Data Protection',
      'Compliance',
    ]) {
      await expect(footer.getByRole('link', { name: label })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('header links scroll to sections and Why opens the explainer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(page.locator('#features')).toBeInViewport();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Why' }).click();
    await expect(page).toHaveURL('/why');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why a fair credit system matters');
    // From another page, a section link goes back to the landing page at that section.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vision' }).click();
    await expect(page).toHaveURL('/#about');
    await expect(page.locator('#about')).toBeInViewport();
  });

  test('mobile: the menu holds the links and the Access Portal (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const label of ['Build and Use', 'Vision', 'Why', 'Resources'])
      await expect(menu.getByRole('link', { name: label })).toBeVisible();
    await expect(menu.getByText('0.00012 Gwei')).toBeVisible();
    await menu.getByRole('link', { name: 'Resources' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#pricing')).toBeInViewport();
    // No horizontal scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Access Portal' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('Register now goes to the registration screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Register now' }).first().click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { name: 'Register Your Business' })).toBeVisible();
  });
});

test('why page: history, impact measures and research links', async ({ page }) => {
  await page.goto('/why');
  const main = page.getByRole('main');
  await expect(main).toContainText('Credit Reference Act');
  await expect(main).toContainText('2011');
  await expect(main).toContainText('2018');
  await expect(main).toContainText('digital-ID pilot');
  await expect(main).toContainText('2025');
  await expect(main).toContainText('expressions of interest');
  for (const measure of [
    'Private credit to GDP',
    'MSME loan growth and first-time borrowers',
    'Non-performing loan (NPL) ratio',
    'Innovation outcomes',
  ]) {
    await expect(main.getByRole('heading', { name: measure })).toBeVisible();
  }
  const external = main.locator('a[target="_blank"]');
  expect(await external.count()).toBeGreaterThanOrEqual(3);
  for (const rel of await external.evaluateAll((links) => links.map((l) => l.getAttribute('rel')))) expect(rel).toContain('noopener');
  await expectNoSeriousA11yViolations(page);
});

test('not-found page for any other path', async ({ page }) => {
  // The server answers 404 for a path that is no route of the app, with the app's page.
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Sorry, the page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page).toHaveTitle('Page not found · CreditCheck SL');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Access Portal' })).toBeVisible();
});

test('public pages have no serious accessibility violations, in light and dark', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/auth', '/login', '/register', '/admin/login', '/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
