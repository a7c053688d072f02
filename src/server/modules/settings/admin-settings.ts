import {
  CMS_KEYS,
  ZAdminPlanUpdateSchema,
  ZAdminSettingsUpdateSchema,
  ZHelpArticleFormSchema,
  type TAdminContent,
  type TAdminPlan,
  type TAdminSettings,
  type TContentUpdate,
} from '@shared/schemas/admin';
import { CMS_SECTIONS, type THelpItem } from '@shared/schemas/content';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { helpContent, managedContent, plans } from '../../db/schema/index';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { readSetting, writeSetting, type SettingKey } from './service';

type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

const SETTING_FIELDS: Record<keyof TAdminSettings, SettingKey> = {
  exchangeRateSlePerUsd: 'exchange_rate_sle_per_usd',
  disputeDeadlineDays: 'dispute_deadline_days',
  retentionYears: 'retention_years',
  loginLockoutThreshold: 'login_lockout_threshold',
  loginLockoutMinutes: 'login_lockout_minutes',
};

export async function readAdminSettings(db: Database): Promise<TAdminSettings> {
  return {
    exchangeRateSlePerUsd: await readSetting(db, 'exchange_rate_sle_per_usd'),
    disputeDeadlineDays: await readSetting(db, 'dispute_deadline_days'),
    retentionYears: await readSetting(db, 'retention_years'),
    loginLockoutThreshold: await readSetting(db, 'login_lockout_threshold'),
    loginLockoutMinutes: await readSetting(db, 'login_lockout_minutes'),
  };
}

/** Writes the settings sent, one audit event listing each change (old and new value). */
export async function updateAdminSettings(
  db: Database,
  input: z.output<typeof ZAdminSettingsUpdateSchema>,
  context: AuditContext,
): Promise<TAdminSettings> {
  await db.transaction(async (tx) => {
    const before = await readAdminSettings(tx);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(SETTING_FIELDS) as (keyof TAdminSettings)[]) {
      const value = input[field];
      if (value === undefined || String(value) === String(before[field])) continue;
      // The rate is kept as text so no amount passes through a float.
      await writeSetting(tx, SETTING_FIELDS[field], (field === 'exchangeRateSlePerUsd' ? String(value) : Number(value)) as never);
      changes[SETTING_FIELDS[field]] = { from: before[field], to: value };
    }
    if (Object.keys(changes).length > 0) {
      await recordAuditEvent(tx, {
        action: 'admin.settings_changed',
        ...context,
        targetType: 'settings',
        targetId: Object.keys(changes).join(','),
        details: { changes },
      });
    }
  });
  return readAdminSettings(db);
}

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

/** "250.00" -> 25000 cents, by text so no float rounding. */
export function dollarsToCents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
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
    const priceUsdCents = input.priceUsd === undefined ? undefined : input.priceUsd === null ? null : dollarsToCents(input.priceUsd);
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

export async function listAdminContent(db: Database): Promise<TAdminContent> {
  const rows = await db.select().from(managedContent);
  const items = CMS_SECTIONS.flatMap((section) =>
    CMS_KEYS[section].map((key) => {
      const row = rows.find((r) => r.section === section && r.key === key);
      return { section, key, content: row?.content ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
    }),
  );
  return { items };
}

/** Sets one landing-page text; empty text removes it so the page shows its built-in default. */
export async function updateContent(db: Database, input: TContentUpdate, context: AuditContext): Promise<TAdminContent> {
  await db.transaction(async (tx) => {
    if (input.content === '') {
      await tx.delete(managedContent).where(sql`${managedContent.section} = ${input.section} AND ${managedContent.key} = ${input.key}`);
    } else {
      await tx
        .insert(managedContent)
        .values({ section: input.section, key: input.key, content: input.content })
        .onConflictDoUpdate({
          target: [managedContent.section, managedContent.key],
          set: { content: input.content, updatedAt: new Date() },
        });
    }
    await recordAuditEvent(tx, {
      action: 'admin.content_changed',
      ...context,
      targetType: 'managed_content',
      targetId: `${input.section}.${input.key}`,
      details: { length: input.content.length, cleared: input.content === '' },
    });
  });
  return listAdminContent(db);
}

type HelpRow = typeof helpContent.$inferSelect;
function toHelpItem(row: HelpRow): THelpItem {
  return {
    ...row,
    difficulty: row.difficulty as THelpItem['difficulty'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every article, drafts too (the public route lists published ones only). */
export async function listAllHelp(db: Database): Promise<THelpItem[]> {
  const rows = await db.select().from(helpContent).orderBy(asc(helpContent.category), asc(helpContent.id));
  return rows.map(toHelpItem);
}

type HelpInput = z.output<typeof ZHelpArticleFormSchema>;

export async function createHelpArticle(db: Database, input: HelpInput, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpContent)
      .values({ ...input, tags: [...new Set(input.tags)], isPublished: false })
      .returning();
    await recordAuditEvent(tx, {
      action: 'admin.help_created',
      ...context,
      targetType: 'help_article',
      targetId: String(row.id),
      details: { title: row.title, category: row.category },
    });
    return toHelpItem(row);
  });
}

export async function updateHelpArticle(db: Database, id: number, input: HelpInput, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(helpContent)
      .set({ ...input, tags: [...new Set(input.tags)], updatedAt: new Date() })
      .where(eq(helpContent.id, id))
      .returning();
    if (!row) throw notFound('Help article not found');
    await recordAuditEvent(tx, {
      action: 'admin.help_updated',
      ...context,
      targetType: 'help_article',
      targetId: String(id),
      details: { title: row.title, version: row.version },
    });
    return toHelpItem(row);
  });
}

export async function setHelpPublished(db: Database, id: number, isPublished: boolean, context: AuditContext): Promise<THelpItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(helpContent).set({ isPublished, updatedAt: new Date() }).where(eq(helpContent.id, id)).returning();
    if (!row) throw notFound('Help article not found');
    await recordAuditEvent(tx, {
      action: isPublished ? 'admin.help_published' : 'admin.help_unpublished',
      ...context,
      targetType: 'help_article',
      targetId: String(id),
      details: { title: row.title },
    });
    return toHelpItem(row);
  });
}
