import { DEMO_ACCOUNTS, DEMO_CLEAN_CONSUMER } from '@shared/demo';
import { ZCreditAccountReportSchema } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { applyAccountReports } from '../../modules/submissions';
import type { Database } from '../client';
import { z } from 'zod';
import { queryParsedRows } from '../query';
import { plainArray, textArray } from '../sql-arrays';
import { insertRegistry } from './registry/write-registry';

/**
 * People in the demo registry besides the demo consumer; bench/generate-registry.ts makes larger
 * ones. The test suite seeds a fresh database per file, so under NODE_ENV=test the registry is a
 * tenth of the size (its shape is the same); DEMO_REGISTRY_PEOPLE overrides both.
 */
export function demoRegistryPeople(env: NodeJS.ProcessEnv = process.env): number {
  const override = env.DEMO_REGISTRY_PEOPLE ? Number(env.DEMO_REGISTRY_PEOPLE) : NaN;
  if (Number.isInteger(override) && override >= 0) return override;
  return env.NODE_ENV === 'test' ? 300 : 3_000;
}
/** The demo registry is the same on every machine. */
export const DEMO_REGISTRY_SEED = 2026;

function monthsAgo(n: number, day = 15): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day)).toISOString().slice(0, 10);
}

/**
 * The demo consumer's file, reported through the same path a lender's report takes: a loan in good
 * standing and a defaulted group loan with Demo Microfinance Ltd, and a mobile money loan elsewhere.
 */
function demoConsumerReports() {
  const c = DEMO_ACCOUNTS.consumer;
  const subject = {
    nationalId: c.nationalId,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: '1988-04-12',
    phone: c.phone,
    address: { line: '7 Pademba Road, Freetown', district: 'Western Area Urban' },
  };
  return {
    demoBusiness: [
      {
        subject,
        account: {
          accountNumber: 'DMF-LN-0001',
          type: 'microfinance_loan',
          currency: 'SLE',
          principal: '12000.00',
          balance: '4500.00',
          openedAt: monthsAgo(10, 3),
          status: 'current',
          paymentHistory: '00000100000',
          amountPastDue: '0.00',
          lastPaymentDate: monthsAgo(0, 1),
          lastPaymentAmount: '750.00',
          scheduledPaymentAmount: '750.00',
          termMonths: 18,
          paymentFrequency: 'monthly',
        },
      },
      {
        subject,
        account: {
          accountNumber: 'DMF-GL-0002',
          type: 'group_loan',
          currency: 'SLE',
          principal: '3000.00',
          balance: '2150.00',
          openedAt: monthsAgo(20, 8),
          status: 'default',
          defaultAmount: '2150.00',
          defaultDate: monthsAgo(4, 28),
          paymentHistory: 'DDDDD321100000000000',
          amountPastDue: '2150.00',
          firstDelinquencyDate: monthsAgo(8, 28),
          lastPaymentDate: monthsAgo(9, 12),
          lastPaymentAmount: '160.00',
          scheduledPaymentAmount: '160.00',
          termMonths: 12,
          paymentFrequency: 'fortnightly',
        },
        // A solidarity group: a member shares the loan and another answers for it.
        parties: [
          {
            role: 'co_borrower',
            subject: {
              nationalId: 'DEMO0002',
              firstName: 'Hawa',
              lastName: 'Turay',
              dateOfBirth: '1990-09-03',
              phone: '+23276000002',
              address: { line: '9 Pademba Road, Freetown', district: 'Western Area Urban' },
            },
          },
          {
            role: 'guarantor',
            subject: {
              nationalId: 'DEMO0003',
              firstName: 'Sahr',
              lastName: 'Komba',
              dateOfBirth: '1979-02-17',
              phone: '+23276000003',
              address: { line: '4 Kissy Road, Freetown', district: 'Western Area Urban' },
            },
          },
        ],
      },
    ],
    mobileLender: [
      {
        subject,
        account: {
          accountNumber: 'MM-0076000001',
          type: 'mobile_money_loan',
          currency: 'SLE',
          principal: '500.00',
          balance: '120.00',
          openedAt: monthsAgo(14, 20),
          status: 'current',
          paymentHistory: '000000000000000',
          lastPaymentDate: monthsAgo(0, 2),
          lastPaymentAmount: '120.00',
          paymentFrequency: 'single_payment',
        },
      },
    ],
  };
}

/** The second demo consumer's file, in good standing: a current salary loan and a mobile money loan paid off. */
function cleanConsumerReports() {
  const c = DEMO_CLEAN_CONSUMER;
  const subject = {
    nationalId: c.nationalId,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: c.dateOfBirth,
    phone: c.phone,
    address: { line: '21 Wilkinson Road, Freetown', district: 'Western Area Urban' },
  };
  return {
    demoBusiness: [
      {
        subject,
        account: {
          accountNumber: 'DMF-SL-0004',
          type: 'salary_loan',
          currency: 'SLE',
          principal: '8000.00',
          balance: '3100.00',
          openedAt: monthsAgo(14, 6),
          status: 'current',
          paymentHistory: '00000000000000',
          amountPastDue: '0.00',
          lastPaymentDate: monthsAgo(0, 2),
          lastPaymentAmount: '400.00',
          scheduledPaymentAmount: '400.00',
          termMonths: 24,
          paymentFrequency: 'monthly',
        },
      },
    ],
    mobileLender: [
      {
        subject,
        account: {
          accountNumber: 'MM-0076000004',
          type: 'mobile_money_loan',
          currency: 'SLE',
          principal: '300.00',
          balance: '0.00',
          openedAt: monthsAgo(9, 11),
          status: 'closed',
          paymentHistory: '000000000',
          lastPaymentDate: monthsAgo(6, 10),
          lastPaymentAmount: '300.00',
          paymentFrequency: 'single_payment',
        },
      },
    ],
  };
}

/** Demo mode only: a registry of a few thousand people, and the demo consumer's accounts. */
export async function seedDemoRegistry(db: Database, people = demoRegistryPeople()) {
  const [business] = await queryParsedRows(
    db,
    z.object({ id: z.string() }),
    sql`SELECT id FROM users WHERE role = 'business' AND username = ${DEMO_ACCOUNTS.business.username}`,
  );
  if (!business) return;
  await db.transaction(async (tx) => {
    await insertRegistry(tx, {
      people,
      seed: DEMO_REGISTRY_SEED,
      asOf: new Date(),
      existingLenders: { 'demo-mfi': business.id },
      batchSize: 5_000,
    });
    const [mobileLender] = await queryParsedRows(
      tx,
      z.object({ user_id: z.string() }),
      sql`SELECT user_id FROM business_profiles WHERE business_name = 'Salone MoMo Credit'`,
    );
    const reports = demoConsumerReports();
    const clean = cleanConsumerReports();
    const parse = (rows: unknown[]) => rows.map((row, i) => ({ rowNumber: i + 1, report: ZCreditAccountReportSchema.parse(row) }));
    await applyAccountReports(tx, { businessId: business.id, submissionId: null }, parse(reports.demoBusiness));
    await applyAccountReports(tx, { businessId: mobileLender.user_id, submissionId: null }, parse(reports.mobileLender));
    await applyAccountReports(tx, { businessId: business.id, submissionId: null }, parse(clean.demoBusiness));
    await applyAccountReports(tx, { businessId: mobileLender.user_id, submissionId: null }, parse(clean.mobileLender));
    await seedDemoConsumerMonths(tx);
  });
}

/**
 * The months before this one of the demo consumer's accounts, as their lenders reported them: the
 * loan paid down, the group loan falling behind into default, the mobile money loan's balances.
 * (This month's was written by the reports above.)
 */
async function seedDemoConsumerMonths(tx: Pick<Database, 'execute'>) {
  const months: Record<string, (ago: number) => { balance: number; pastDue: number; status: string } | null> = {
    'DMF-LN-0001': (ago) =>
      ago > 9 ? null : { balance: 450_000 + ago * 75_000, pastDue: ago === 5 ? 75_000 : 0, status: ago === 5 ? 'late_30' : 'current' },
    'DMF-GL-0002': (ago) => {
      if (ago > 19) return null;
      const status = ago <= 4 ? 'default' : ago === 5 ? 'late_90' : ago === 6 ? 'late_60' : ago <= 8 ? 'late_30' : 'current';
      const balance = ago <= 8 ? 215_000 : 300_000 - (19 - ago) * 8_000;
      return { balance, pastDue: status === 'default' ? balance : status === 'current' ? 0 : 16_000 * (9 - ago), status };
    },
    'MM-0076000001': (ago) => (ago > 13 ? null : { balance: [12_000, 30_000, 45_000][ago % 3], pastDue: 0, status: 'current' }),
  };
  const rows = Object.entries(months).flatMap(([accountNumber, of]) =>
    Array.from({ length: 20 }, (_, i) => i + 1).flatMap((ago) => {
      const m = of(ago);
      return m ? [{ accountNumber, month: monthsAgo(ago, 1), ...m }] : [];
    }),
  );
  await tx.execute(sql`
    INSERT INTO credit_account_months (account_id, month, balance, amount_past_due, status)
    SELECT a.id, u.month, u.balance, u.past_due, u.status
    FROM unnest(${textArray(rows.map((r) => r.accountNumber))}::text[], ${plainArray(rows.map((r) => r.month))}::date[],
      ${plainArray(rows.map((r) => r.balance))}::bigint[], ${plainArray(rows.map((r) => r.pastDue))}::bigint[], ${textArray(rows.map((r) => r.status))}::text[])
      AS u(account_number, month, balance, past_due, status)
    JOIN credit_accounts a ON a.account_number = u.account_number
    JOIN credit_subject_identifiers i ON i.subject_id = a.subject_id AND i.type = 'nin' AND i.value = ${DEMO_ACCOUNTS.consumer.nationalId}
    ON CONFLICT DO NOTHING`);
}
