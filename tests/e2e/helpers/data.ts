import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from './auth';

/** Unique values per call, so tests can register again on the shared e2e database. */
let counter = 0;
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** A valid Sierra Leone mobile number (+232 76 followed by six digits). */
export function uniquePhone(): string {
  const six = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `+23276${six}`;
}

/** A National ID of 6 to 20 letters and digits. */
export function uniqueNationalId(): string {
  return `SL${uniqueSuffix()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 20);
}

/** The demo consumer as a lender reports her: the seed's identity, so a reported account lands on her file. */
export const DEMO_PERSON_SUBJECT = {
  nationalId: DEMO_ACCOUNTS.consumer.nationalId,
  firstName: 'Aminata',
  lastName: 'Kamara',
  dateOfBirth: '1988-04-12',
  phone: DEMO_ACCOUNTS.consumer.phone,
  address: '7 Pademba Road, Freetown',
};

/** A personal loan reported through the API by the business `request` is signed in as (201 expected). */
export async function reportPersonalLoan(
  request: APIRequestContext,
  subject: object,
  accountNumber: string,
  life: { status: string; paymentHistory: string },
): Promise<void> {
  const reported = await request.post('/api/credit/accounts', {
    data: {
      subject,
      account: {
        accountNumber,
        type: 'personal_loan',
        currency: 'SLE',
        principal: '2000',
        balance: '1500',
        openedAt: '2025-06-01',
        ...life,
      },
    },
  });
  expect(reported.status(), `report ${accountNumber}`).toBe(201);
}
