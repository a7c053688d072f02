import { parseAmountToMinor } from '@shared/format';
import type { TAdminPlan, ZAdminPlanUpdateSchema } from '@shared/schemas/admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { plans } from '../../db/schema/index';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';

// The administrator's view of the plans: every plan with its subscriber count, and changes to them.

export async function listAdminPlans(db: Database): Promise<TAdminPlan[]> {
  const rows = await db
    .select({
      code: plans.code,
      name: plans.name,
      description: plans.description,
      priceUsdCents: plans.priceUsdCents,
      monthlyInquiryQuota: plans.monthlyInquiryQuota,
      features: plans.features,
      isFree: plans.isFree,
      isPublic: plans.isPublic,
      subscriberCount: sql<number>`(SELECT count(*)::int FROM business_profiles b WHERE b.plan_code = ${plans.code})`,
    })
    .from(plans)
    .orderBy(asc(plans.sortOrder));
  return rows.map((r) => ({ ...r, subscriberCount: Number(r.subscriberCount) }));
}

export async function updatePlan(
  db: Database,
  code: string,
  input: z.output<typeof ZAdminPlanUpdateSchema>,
  context: AuditContext,
): Promise<TAdminPlan> {
  await db.transaction(async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.code, code)).for('update').limit(1);
    if (!plan) throw notFound('Plan not found');
    const priceUsdCents = input.priceUsd === undefined ? undefined : input.priceUsd === null ? null : parseAmountToMinor(input.priceUsd);
    if (plan.isFree && priceUsdCents)
      throw new HttpError(400, 'A free plan has no price', {
        field: 'priceUsd',
        errors: [{ field: 'priceUsd', message: 'A free plan has no price' }],
      });
    const next = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(priceUsdCents !== undefined ? { priceUsdCents } : {}),
      ...(input.monthlyInquiryQuota !== undefined ? { monthlyInquiryQuota: input.monthlyInquiryQuota } : {}),
      ...(input.features !== undefined ? { features: input.features } : {}),
      ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
    };
    const changes = Object.fromEntries(
      Object.entries(next)
        .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(plan[k as keyof typeof plan]))
        .map(([k, v]) => [k, { from: plan[k as keyof typeof plan], to: v }]),
    );
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(plans)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(plans.code, code));
    await recordAuditEvent(tx, { action: 'admin.plan_changed', ...context, targetType: 'plan', targetId: code, details: { changes } });
  });
  const updated = (await listAdminPlans(db)).find((p) => p.code === code);
  if (!updated) throw notFound('Plan not found');
  return updated;
}
