import { eq } from 'drizzle-orm';
import { businessProfiles } from '../../../src/server/db/schema/index';
import { logInAs, sessionCookieOf, type TestApp } from '../../helpers/test-app';

type Json = Record<string, unknown>;

/** A valid body of POST /api/credit/accounts; tests override the parts they are about. */
export function accountReport(overrides: { subject?: Json; account?: Json } = {}) {
  return {
    subject: {
      nationalId: 'SLN4821930',
      firstName: 'Mohamed',
      middleName: 'Lamin',
      lastName: 'Sesay',
      dateOfBirth: '1985-07-21',
      phone: '+232 76 482 193',
      address: { line: '14 Kissy Road, Freetown', district: 'Western Area Urban' },
      ...overrides.subject,
    },
    account: {
      accountNumber: 'LN-2024-0001',
      type: 'personal_loan',
      currency: 'SLE',
      principal: '15000.00',
      balance: '9250.50',
      openedAt: '2024-02-01',
      status: 'current',
      paymentHistory: '000000',
      ...overrides.account,
    },
  };
}

/** A defaulter report (FAQ: full name, address, an ID number, phone, default amount and date). */
export function defaulterReport(overrides: { subject?: Json; account?: Json } = {}) {
  return accountReport({
    subject: overrides.subject,
    account: { status: 'default', defaultAmount: '8400', defaultDate: '2025-03-31', paymentHistory: 'D3210000', ...overrides.account },
  });
}

let businessCounter = 0;

export interface BusinessSetup {
  verificationStatus?: 'pending' | 'verified' | 'rejected' | 'suspended';
  planCode?: string;
  subscriptionStatus?: 'inactive' | 'active' | 'past_due' | 'cancelled';
  nextBillingDate?: Date | null;
}

/** Registers another business through the API, sets its standing directly, and signs it in. */
export async function createBusiness(t: TestApp, setup: BusinessSetup = {}): Promise<{ id: string; cookie: string }> {
  businessCounter++;
  const username = `lender-${process.pid}-${businessCounter}`;
  const password = 'Str0ng-pass-123';
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/register',
    payload: {
      userType: 'business',
      businessName: `Lender ${businessCounter} Ltd`,
      registrationNumber: `SL-CAC-2025-${1000 + businessCounter}`,
      contactName: 'Kadiatu Kamara',
      email: `${username}@lenders.sl`,
      phone: `+232 78 ${String(100000 + businessCounter).slice(0, 3)} ${String(100 + businessCounter).padStart(3, '0')}`,
      username,
      password,
      confirmPassword: password,
      agreeToTerms: true,
    },
  });
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.statusCode} ${register.body}`);
  const id = register.json().id as string;
  // Signed in first: a business suspended later keeps its session but loses the registry.
  const cookie = await logInAs(t.app, 'business', username, password);
  const nextMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  await t.db
    .update(businessProfiles)
    .set({
      verificationStatus: setup.verificationStatus ?? 'verified',
      planCode: setup.planCode ?? 'professional',
      subscriptionStatus: setup.subscriptionStatus ?? 'active',
      nextBillingDate: setup.nextBillingDate === undefined ? nextMonth : setup.nextBillingDate,
    })
    .where(eq(businessProfiles.userId, id));
  return { id, cookie };
}

export { sessionCookieOf };

/** Every string in a JSON value, flattened, to look for a value that must not appear anywhere. */
export function containsText(body: string, text: string): boolean {
  return body.toUpperCase().includes(text.toUpperCase());
}
