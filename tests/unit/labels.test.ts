import { describe, expect, it } from 'vitest';
import { labelFromAuditAction, labelFromCode, plural } from '@shared/format';
import {
  businessTypeLabel,
  consentStatusLabel,
  databaseEngineLabel,
  paymentHistorySummary,
  plainDetails,
  planLabel,
  roleLabel,
  subscriptionBadgeLabel,
  subscriptionStatusLabel,
  verificationLabel,
} from '@shared/labels';

// Issue 20: no code reaches a page; each reads as words from one place.
describe('labels for codes', () => {
  it('names roles, business types, verification and subscription states', () => {
    expect(roleLabel('system_admin')).toBe('Administrator');
    expect(businessTypeLabel('financial')).toBe('Financial institution');
    expect(businessTypeLabel(null)).toBe('—');
    expect(verificationLabel('pending')).toBe('Verification pending');
    expect(verificationLabel('verified')).toBe('Verified');
    expect(subscriptionStatusLabel('past_due')).toBe('Payment overdue');
    expect(subscriptionBadgeLabel('active')).toBe('Subscription active');
    expect(consentStatusLabel('revoked')).toBe('Revoked');
    expect(planLabel('professional')).toBe('Professional');
    expect(databaseEngineLabel('pglite')).toBe('Built-in database');
  });

  it('reads a code it does not know as words, never as the code', () => {
    expect(verificationLabel('under_review')).toBe('Under review');
    expect(roleLabel('auditor_in_chief')).toBe('Auditor in chief');
  });

  it('writes acronyms in capitals in a label from a code', () => {
    expect(labelFromAuditAction('credit.report_pdf_downloaded')).toBe('Report PDF downloaded');
    expect(labelFromCode('api_key_created')).toBe('API key created');
  });

  it('says an audit event’s details in words', () => {
    expect(plainDetails({ purpose: 'credit_application', resultCount: 2, isWhiteLabel: false })).toBe(
      'Purpose: Credit application · Result count: 2 · Is white label: no',
    );
    expect(plainDetails({})).toBe('—');
    // An error code in a refusal's details reads as words, never as the code.
    expect(plainDetails({ code: 'API_KEY_SCOPE_MISSING', status: 403 })).toBe('Code: API key scope missing · Status: 403');
  });

  it('says a payment history in words, not as "00000100000"', () => {
    const summary = paymentHistorySummary('00000100000');
    expect(summary).toBe('11 months: 10 paid on time, 1 30 days late (latest 5 months ago)');
    expect(summary).not.toMatch(/\d{8,}/);
    expect(paymentHistorySummary('D0')).toBe('2 months: 1 paid on time, 1 in default (latest this month)');
    expect(paymentHistorySummary('')).toBe('No payment history reported');
  });
});

describe('plurals by Intl.PluralRules', () => {
  it('agrees the word with the count', () => {
    expect(plural(1, { one: 'administrator', other: 'administrators' })).toBe('1 administrator');
    expect(plural(2, { one: 'administrator', other: 'administrators' })).toBe('2 administrators');
    expect(`Scanned ${plural(1, { one: 'new event', other: 'new events' })}`).toBe('Scanned 1 new event');
    expect(plural(0, { one: 'consumer', other: 'consumers' })).toBe('0 consumers');
  });
});
