import { DEMO_ACCOUNTS } from '@shared/demo';
import { ZCreditAccountReportSchema } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { applyAccountReports } from '../../modules/submissions';
import type { Database } from '../client';
import { z } from 'zod';
import { queryParsedRows } from '../query';
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
        },
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
    const parse = (rows: unknown[]) => rows.map((row, i) => ({ rowNumber: i + 1, report: ZCreditAccountReportSchema.parse(row) }));
    await applyAccountReports(tx, { businessId: business.id, submissionId: null }, parse(reports.demoBusiness));
    await applyAccountReports(tx, { businessId: mobileLender.user_id, submissionId: null }, parse(reports.mobileLender));
  });
}
