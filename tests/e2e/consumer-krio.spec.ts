import { readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_CLEAN_CONSUMER } from '../../src/shared/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './helpers/auth';
import { DEMO_PERSON_SUBJECT, reportPersonalLoan, uniqueSuffix } from './helpers/data';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test, toastRegion } from './helpers/fixtures';
import { shoot } from './helpers/screenshots';

// Issue 21 (decisions/047): the consumer portal in Krio. The demo consumer switches in the header,
// every consumer page reads in Krio (words from src/shared/i18n/locales/kri.json), the server keeps the
// choice across a reload, and switching back gives the English every other spec reads.

/**
 * The Krio score-reason sentences that carry a figure (scoring:sentences), each as a pattern: the
 * placeholders stand for a number, an amount or a percentage.
 */
const krio = JSON.parse(readFileSync('src/shared/i18n/locales/kri.json', 'utf8')) as {
  scoring: { sentences: Record<string, string> };
  common: { errors: Record<string, string> };
};
const krioScoring = krio.scoring;
const KRIO_SENTENCES_WITH_FIGURES = Object.values(krioScoring.sentences)
  .filter((sentence) => sentence.includes('{{'))
  .map(
    (sentence) =>
      new RegExp(
        sentence
          .split(/\{\{\w+\}\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('(?:SLE )?[\\d,.]+ ?%?'),
      ),
  );

/**
 * The demo lender reports an account under the demo person and removes it as reported in error:
 * the person is told at once (an `account_corrected` notification with its figures in `params`).
 */
async function removedAccountNotice(request: APIRequestContext, accountNumber: string) {
  const signedIn = await request.post('/api/businesses/login', {
    data: { username: DEMO_ACCOUNTS.business.username, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  await reportPersonalLoan(request, DEMO_PERSON_SUBJECT, accountNumber, { status: 'current', paymentHistory: '000000' });
  const found = await (await request.get(`/api/businesses/me/accounts?q=${accountNumber}`)).json();
  const removed = await request.delete(`/api/credit/accounts/${found.accounts[0].accountId}`, {
    data: { reason: 'Entered under the wrong customer' },
  });
  expect(removed.status()).toBe(200);
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

test('the consumer portal in Krio: switch in the header, every page in Krio, kept across a reload, back to English', async ({
  page,
  request,
}) => {
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
      /^\d{3}, (Gud|Midul|Lo), frum 300 te 850$/,
    );
    await expect(page.getByTestId('factor-card')).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Aw yu de pe' })).toBeVisible();
    // A score reason in Krio carries the person's figures (the server sends them with the reason).
    const cardTexts = await page.getByTestId('factor-card').allInnerTexts();
    expect(
      cardTexts.some((text) => KRIO_SENTENCES_WITH_FIGURES.some((sentence) => sentence.test(text))),
      `a factor card says a Krio reason with its figure:\n${cardTexts.join('\n')}`,
    ).toBe(true);
    await expect(page).toHaveTitle('Mi Profayl · CreditCheck SL');

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

    // The Disputes page's body: the form, its choices and the list, in Krio.
    await page.goto('/consumer/disputes');
    await expect(page.getByRole('heading', { name: 'Mek kompleyn' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: /^Yu kompleyn dem \(\d+\)$/ })).toBeVisible();
    await expect(page).toHaveTitle('Kompleyn dem · CreditCheck SL');
    const reasonChoice = page.getByLabel('Wetin rong');
    if (await reasonChoice.isVisible()) await expect(reasonChoice.locator('option', { hasText: 'Dis akawnt no mi yon' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Nyus fo yu/ })).toBeVisible();

    // What the server sends as codes and figures reads in Krio too (decisions/047, 2026-11-26).
    // A notification: the bell says it from the catalogue with the account's number and the lender's name.
    const accountNumber = `E2E-KRI-${uniqueSuffix()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(-8)}`;
    await removedAccountNotice(request, accountNumber);
    await page.reload();
    await page.getByRole('button', { name: /^Nyus fo yu/ }).click();
    const notice = page.getByRole('listitem').filter({ hasText: accountNumber });
    await expect(notice).toContainText('Dem pul wan akawnt na yu fayl');
    await expect(notice).toContainText(
      `Demo Microfinance Ltd pul akawnt ${accountNumber}, we dem bin ripot bay mistek: Entered under the wrong customer`,
    );
    await page.keyboard.press('Escape');
    // A server error: a certificate is refused while the file holds a default, said in Krio (errorMessageOf by its code).
    await page.goto('/consumer/privacy');
    await page.getByRole('button', { name: 'Get klians satifiket' }).click();
    await expect(toastRegion(page).getByText(krio.common.errors.FILE_IN_DEFAULT)).toBeVisible();

    // The server kept the choice: a fresh load of the page is still in Krio.
    await page.goto('/consumer/dashboard');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Profayl' })).toBeVisible({ timeout: 30_000 });
    const me = await page.request.get('/api/consumers/me');
    expect(await me.text()).toContain('"language":"kri"');

    const dir = process.env.SCREENSHOT_DIR;
    if (dir) {
      await mkdir('docs/screenshots', { recursive: true });
      for (const name of ['dashboard', 'disputes'])
        for (const width of [1366, 390])
          await copyFile(`${dir}/consumer-${name}-krio-${width}.png`, `docs/screenshots/consumer-${name}-krio-${width}.png`);
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

test('the access log in Krio: a check of a certificate by someone with its link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const signedIn = await page.request.post('/api/consumers/login', {
    data: { username: DEMO_CLEAN_CONSUMER.nationalId, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  try {
    expect((await page.request.put('/api/consumers/me/language', { data: { language: 'kri' } })).status()).toBe(200);
    const issued = await page.request.post('/api/consumers/me/certificates');
    expect(issued.status()).toBe(201);
    // Someone with the link opens it (the `request` fixture has no session).
    expect((await request.get(`/api/certificates/${(await issued.json()).id}`)).status()).toBe(200);

    await page.goto('/consumer/access-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Udat Luk Mi Fayl' })).toBeVisible({ timeout: 30_000 });
    const check = page.getByTestId('access-log-entry').filter({ hasText: 'Sombodi we get di link' }).first();
    await expect(check).toContainText('Chek yu klians satifiket');
    await expect(page.getByText('Someone with the link')).toHaveCount(0);
  } finally {
    await page.request.put('/api/consumers/me/language', { data: { language: 'en' } });
  }
});
