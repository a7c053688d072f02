import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCES, translatorFor } from '../../src/shared/i18n';
import type { TAccessLogEntry } from '../../src/shared/schemas/consumer';
import { SIMULATION_NOTE } from '../../src/shared/score-simulation';
import { accessLogWords } from '../../src/web/features/consumer/privacy/access-log-words';
import { ApiError } from '../../src/web/lib/api';
import { errorMessageOf, refusalOf, sayErrorsWith } from '../../src/web/lib/form-errors';
import { errorSentenceOf, i18n } from '../../src/web/lib/i18n';
import { notificationText } from '../../src/web/lib/notification-text';

// Issue 21 (decisions/047, amendment of 2026-11-26): what the server used to send only as English
// prose (notifications, the simulator's note, the access log's non-business names, error messages)
// the consumer portal now says from the catalogues, by code, with the server's English as fallback.

const en = translatorFor('en');
const kri = translatorFor('kri');

describe('notifications from the catalogue', () => {
  const corrected = {
    kind: 'dispute_update',
    title: 'Dispute DSP-2026-000123: the entry was corrected',
    body: 'Demo Microfinance Ltd corrected account DMF-LN-0001. Your report now shows the corrected entry.',
    params: { variant: 'corrected', reference: 'DSP-2026-000123', lender: 'Demo Microfinance Ltd', accountNumber: 'DMF-LN-0001' },
  };

  it('says a notification in Krio with its figures and names; the English entry is the server’s sentence', () => {
    expect(notificationText(kri, corrected)).toEqual({
      title: 'Kompleyn DSP-2026-000123: dem don kore am',
      body: 'Demo Microfinance Ltd don kore akawnt DMF-LN-0001. Yu ripot de sho di kore wan naw.',
    });
    expect(notificationText(en, corrected)).toEqual({ title: corrected.title, body: corrected.body });
  });

  it('puts codes in the reader’s words: account type, status, purpose, the fields put back, the amount, a lender not named', () => {
    const account = notificationText(kri, {
      kind: 'new_account',
      title: 'A new account was reported on your file',
      body: 'x',
      params: { variant: 'reported', accountType: 'personal_loan', accountNumber: 'N-1' },
    });
    expect(account.body).toBe(`Wan lenda ripot ${kri('labels:accountType.personal_loan').toLowerCase()} N-1. Chek se na yu yon.`);
    const english = notificationText(en, {
      kind: 'new_inquiry',
      title: 'A business pulled your credit report',
      body: 'x',
      params: { variant: 'report', business: 'Demo Microfinance Ltd', purpose: 'credit_application' },
    });
    // As the alert scan writes it: the purpose's name in lower case.
    expect(english.body).toBe('Demo Microfinance Ltd (new credit application).');
    const reinserted = notificationText(kri, {
      kind: 'account_corrected',
      title: 'x',
      body: 'x',
      params: { variant: 'reinserted', lender: 'L', fields: ['status', 'balance'], accountNumber: 'A-1', note: 'Checked.' },
    });
    expect(reinserted.body).toContain('put bak aw di akawnt tan, di balans fo akawnt A-1');
    const movedHere = notificationText(en, {
      kind: 'account_corrected',
      title: 'x',
      body: 'x',
      params: { variant: 'movedHere', lender: 'L', accountNumber: 'A-1', balance: 250000, currency: 'SLE' },
    });
    expect(movedHere.body).toContain('(balance 2500.00 SLE)');
  });

  it('falls back to the stored English for a row without params and for a kind or variant the catalogue does not know', () => {
    expect(notificationText(kri, { ...corrected, params: null })).toEqual({ title: corrected.title, body: corrected.body });
    expect(notificationText(kri, { ...corrected, kind: 'something_new' })).toEqual({ title: corrected.title, body: corrected.body });
    expect(notificationText(kri, { ...corrected, params: { ...corrected.params, variant: 'unknown' } })).toEqual({
      title: corrected.title,
      body: corrected.body,
    });
  });

  it('has a sentence in every language for every kind and variant', () => {
    const kinds = Object.entries(RESOURCES.en.portal.notices).filter(([key]) => !['someLender', 'someBusiness', 'fields'].includes(key));
    expect(kinds.length).toBe(8);
    for (const [kind, byVariant] of kinds)
      for (const variant of Object.keys(byVariant))
        expect(kri(`portal:notices.${kind}.${variant}.title`), `${kind}.${variant}`).not.toBe(
          en(`portal:notices.${kind}.${variant}.title`),
        );
  });
});

describe('the access log’s accessors from the catalogue', () => {
  const entry = (accessor: TAccessLogEntry['accessor'], businessName: string, kind = 'certificate.checked'): TAccessLogEntry => ({
    at: '2026-11-26T10:00:00.000Z',
    accessor,
    businessName,
    kind,
    purpose: null,
    purposeName: null,
    description: 'English',
  });

  it('says who in the reader’s words, a business by its name', () => {
    expect(accessLogWords(kri, entry('link_holder', 'Someone with the link')).who).toBe('Sombodi we get di link');
    expect(accessLogWords(kri, entry('bureau_staff', 'CreditCheck SL staff', 'credit.report_pdf_downloaded')).who).toBe(
      'Wokman dem na CreditCheck SL',
    );
    expect(accessLogWords(kri, entry('business', 'Demo Microfinance Ltd')).who).toBe('Demo Microfinance Ltd');
    expect(accessLogWords(en, entry('bureau_staff', 'CreditCheck SL staff')).who).toBe('CreditCheck SL staff');
    expect(accessLogWords(kri, entry('link_holder', 'x')).what).toMatch(/^Chek yu klians satifiket/);
  });
});

describe('the simulator’s note', () => {
  it('is the English catalogue entry, and Krio has its own', () => {
    expect(RESOURCES.en.dashboard.simulator.note).toBe(SIMULATION_NOTE);
    expect(kri('dashboard:simulator.note')).not.toBe(SIMULATION_NOTE);
  });
});

describe('server errors on consumer pages', () => {
  i18n.addResourceBundle('kri', 'common', RESOURCES.kri.common, true, true);
  const refused = new ApiError(409, 'A clearance certificate cannot be issued while…', { code: 'FILE_IN_DEFAULT' });
  const conflict = new ApiError(409, 'Your identity is already confirmed', { code: 'CONFLICT' });

  afterEach(() => sayErrorsWith((code) => errorSentenceOf(code)));

  it('chooses the catalogue’s sentence on a consumer page in Krio, the server’s message otherwise', () => {
    expect(errorSentenceOf('FILE_IN_DEFAULT', 'kri', '/consumer/privacy')).toBe(RESOURCES.kri.common.errors.FILE_IN_DEFAULT);
    // English keeps the server's message, which often names the case; other roles' pages stay English.
    expect(errorSentenceOf('FILE_IN_DEFAULT', 'en', '/consumer/privacy')).toBeUndefined();
    expect(errorSentenceOf('FILE_IN_DEFAULT', 'kri', '/business/dashboard')).toBeUndefined();
    // A code the catalogue has no sentence for: the server's message.
    expect(errorSentenceOf('CONFLICT', 'kri', '/consumer/privacy')).toBeUndefined();
  });

  it('errorMessageOf and refusalOf say it in one place for every page', () => {
    sayErrorsWith((code) => errorSentenceOf(code, 'kri', '/consumer/privacy'));
    expect(errorMessageOf(refused, 'fallback')).toBe(RESOURCES.kri.common.errors.FILE_IN_DEFAULT);
    expect(refusalOf(refused)).toBe(RESOURCES.kri.common.errors.FILE_IN_DEFAULT);
    expect(errorMessageOf(conflict, 'fallback')).toBe('Your identity is already confirmed');
    sayErrorsWith((code) => errorSentenceOf(code, 'en', '/consumer/privacy'));
    expect(errorMessageOf(refused, 'fallback')).toBe('A clearance certificate cannot be issued while…');
  });

  it('has a Krio sentence for each code it has in English', () => {
    expect(Object.keys(RESOURCES.kri.common.errors).sort()).toEqual(Object.keys(RESOURCES.en.common.errors).sort());
  });
});
