import type { TPlan } from '@shared/schemas/payments';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans } from '../../db/schema/index';
import { readSetting } from '../settings';
import type { TMobileMoneyMethod } from '@shared/schemas/mobile-money';
import type { MobileMoneyProviders } from './mobile-money-provider';
import { usdCentsToSllApprox } from './money';

export type PlanRow = typeof plans.$inferSelect;

export async function findPlan(db: Database, code: string): Promise<PlanRow | null> {
  const rows = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
  return rows[0] ?? null;
}

/** The whole catalogue with SLL approximations at today's exchange-rate setting. */
export async function listPlans(db: Database): Promise<{ plans: TPlan[]; exchangeRateSlePerUsd: string }> {
  const rate = await readSetting(db, 'exchange_rate_sle_per_usd');
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder));
  return {
    exchangeRateSlePerUsd: rate,
    plans: rows.map((p) => ({
      code: p.code,
      name: p.name,
      description: p.description,
      priceUsdCents: p.priceUsdCents,
      priceSllApprox: p.priceUsdCents === null ? null : usdCentsToSllApprox(p.priceUsdCents, rate),
      monthlyInquiryQuota: p.monthlyInquiryQuota,
      features: p.features,
      hasApiAccess: p.hasApiAccess,
      hasWhiteLabel: p.hasWhiteLabel,
      isFree: p.isFree,
      isPublic: p.isPublic,
    })),
  };
}

/**
 * GET /api/plans, and the plans the server-rendered landing page carries to seed the same query
 * (decisions/018): the catalogue and the wallets a business may pay with (MOBILE_MONEY).
 */
export async function planCatalogue(db: Database, mobileMoney: MobileMoneyProviders) {
  return { ...(await listPlans(db)), mobileMoneyMethods: Object.keys(mobileMoney) as TMobileMoneyMethod[] };
}
