import type { TPolicyChange, TRegulatorPolicy } from '@shared/schemas/oversight';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import { readRateLimitDefaults } from '../rate-limits';
import { listAdminPlans } from '../billing';
import { readSetting, type SettingKey } from '../settings';

/** The administrative acts that change the bureau's rules: what the regulator's Settings page lists. */
export const POLICY_ACTIONS = [
  'admin.settings_changed',
  'admin.rate_limits_changed',
  'admin.plan_changed',
  'admin.business_plan_changed',
  'admin.rate_limit_set',
  'admin.rate_limit_cleared',
] as const;
const CHANGES_SHOWN = 50;

const SETTING_TEXT: Partial<Record<SettingKey, { label: string; description: string; unit: (v: string | number) => string }>> = {
  dispute_deadline_days: {
    label: 'Dispute answer deadline',
    description:
      'A lender answers a dispute within this many days of its filing. Past it, the entry is left out of business reports and the case shows in Compliance Monitoring.',
    unit: (v) => `${v} days`,
  },
  retention_years: {
    label: 'Retention of negative records',
    description: 'A default older than this, counted from its date, is no longer reported or scored.',
    unit: (v) => `${v} years`,
  },
  login_lockout_threshold: {
    label: 'Failed sign-ins before lockout',
    description: 'An account is locked after this many failed sign-ins in a row.',
    unit: (v) => `${v}`,
  },
  login_lockout_minutes: {
    label: 'Lockout length',
    description: 'How long a locked account waits before it may sign in again.',
    unit: (v) => `${v} minutes`,
  },
  exchange_rate_sle_per_usd: {
    label: 'Exchange rate',
    description: 'Converts plan prices to New Leones on invoices.',
    unit: (v) => `${v} SLE per USD`,
  },
};
const POLICY_KEYS = Object.keys(SETTING_TEXT) as SettingKey[];

/** Field names of the audit details, in words. */
const FIELD_LABEL: Record<string, string> = {
  ...Object.fromEntries(POLICY_KEYS.map((k) => [k, SETTING_TEXT[k]!.label])),
  perUserPerMinute: 'Searches and reports a minute per user',
  perApiKeyPerMinute: 'Searches and reports a minute per API key',
  perBusinessPerMinute: 'Searches and reports a minute per business',
  perMinute: 'Searches and reports a minute for the business',
  name: 'Name',
  description: 'Description',
  priceUsdCents: 'Monthly price (US cents)',
  monthlyInquiryQuota: 'Reports a month',
  features: 'Features',
  isPublic: 'On the pricing page',
  planCode: 'Plan',
  subscriptionStatus: 'Subscription',
  nextBillingDate: 'Paid or agreed until',
  contractedQuota: 'Contracted reports a month',
};

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const fieldChanges = (changes: Record<string, { from?: unknown; to?: unknown }> | undefined) =>
  Object.entries(changes ?? {}).map(([field, c]) => ({ field: FIELD_LABEL[field] ?? field, from: asText(c?.from), to: asText(c?.to) }));

/** One policy change from the audit log, with who made it and the business it was about. */
const ZChangeRow = z.object({
  id: numberColumn,
  occurred_at: timestampColumn,
  action: z.string(),
  actor_role: z.string().nullable(),
  actor_name: z.string().nullable(),
  target_id: z.string().nullable(),
  business_name: z.string().nullable(),
  details: jsonColumnOf(z.record(z.string(), z.unknown())),
});
type ChangeRow = z.output<typeof ZChangeRow>;
const ZSettingUpdatedRow = z.object({ key: z.string(), updated_at: timestampColumn });
const ZCountRow = z.object({ n: numberColumn });
const ZContractedQuotaRow = z.object({
  business_id: z.string(),
  business_name: z.string(),
  plan_code: z.string(),
  monthly_quota_override: numberColumn,
});

/** One audit event as a policy change: what, who, when, each field from and to. */
function toChange(row: ChangeRow): TPolicyChange {
  const details = row.details;
  const business = row.business_name ?? 'a business';
  let subject = 'Settings';
  let changes: TPolicyChange['changes'] = [];
  switch (row.action) {
    case 'admin.settings_changed':
      changes = fieldChanges(details.changes as never);
      break;
    case 'admin.rate_limits_changed':
      subject = 'Credit rate limits';
      changes = fieldChanges(details.changes as never);
      break;
    case 'admin.plan_changed':
      subject = `Plan ${row.target_id ?? ''}`.trim();
      changes = fieldChanges(details.changes as never);
      break;
    case 'admin.business_plan_changed': {
      subject = `Plan of ${business}`;
      const from = (details.from ?? {}) as Record<string, unknown>;
      const to = (details.to ?? {}) as Record<string, unknown>;
      changes = Object.keys(to)
        .filter((k) => asText(from[k]) !== asText(to[k]))
        .map((k) => ({ field: FIELD_LABEL[k] ?? k, from: asText(from[k]), to: asText(to[k]) }));
      break;
    }
    case 'admin.rate_limit_set':
      subject = `Rate limits of ${business}`;
      changes = ['perMinute', 'perUserPerMinute'].map((k) => ({
        field: FIELD_LABEL[k] ?? k,
        from: null,
        to: asText(details[k]) ?? 'the default',
      }));
      break;
    case 'admin.rate_limit_cleared':
      subject = `Rate limits of ${business}`;
      changes = [{ field: 'Own limits', from: 'set', to: 'the defaults' }];
      break;
  }
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    action: row.action,
    subject,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    changes,
    note: typeof details.note === 'string' ? details.note : null,
  };
}

/**
 * The bureau's rules as they stand and the latest changes to them, from the settings, plans and
 * business profiles and from the audit log: what a regulator overseeing policy reads (read only;
 * administrators change these in System Settings and User Management).
 */
export async function readRegulatorPolicy(db: Database): Promise<TRegulatorPolicy> {
  const [updated, rateLimits, overrides, plans, contracted, changes] = await Promise.all([
    queryParsedRows(
      db,
      ZSettingUpdatedRow,
      sql`SELECT key, updated_at FROM settings WHERE key IN (${sql.join(
        POLICY_KEYS.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    ),
    readRateLimitDefaults(db),
    queryParsedRows(db, ZCountRow, sql`SELECT count(*)::int AS n FROM business_rate_limits`),
    listAdminPlans(db),
    queryParsedRows(
      db,
      ZContractedQuotaRow,
      sql`SELECT user_id AS business_id, business_name, plan_code, monthly_quota_override FROM business_profiles
          WHERE monthly_quota_override IS NOT NULL ORDER BY business_name LIMIT 500`,
    ),
    queryParsedRows(
      db,
      ZChangeRow,
      sql`SELECT e.id, e.occurred_at, e.action, e.actor_role, sp.full_name AS actor_name, e.target_id, b.business_name, e.details
          FROM audit_events e
          LEFT JOIN staff_profiles sp ON sp.user_id = e.actor_user_id
          LEFT JOIN business_profiles b ON b.user_id = e.business_id
          WHERE e.action IN (${sql.join(
            POLICY_ACTIONS.map((a) => sql`${a}`),
            sql`, `,
          )})
          ORDER BY e.occurred_at DESC, e.id DESC
          LIMIT ${CHANGES_SHOWN}`,
    ),
  ]);
  const updatedAt = new Map(updated.map((r) => [r.key, r.updated_at]));
  const settings = [];
  for (const key of POLICY_KEYS) {
    const text = SETTING_TEXT[key]!;
    settings.push({
      key,
      label: text.label,
      value: text.unit(await readSetting(db, key)),
      description: text.description,
      updatedAt: updatedAt.get(key) ?? null,
    });
  }
  return {
    settings,
    rateLimits: { ...rateLimits, businessesWithOwnLimits: overrides[0]?.n ?? 0 },
    plans: plans.map((p) => ({
      code: p.code,
      name: p.name,
      priceUsdCents: p.priceUsdCents,
      monthlyInquiryQuota: p.monthlyInquiryQuota,
      isPublic: p.isPublic,
      subscribers: p.subscriberCount,
    })),
    contractedQuotas: contracted.map((c) => ({
      businessId: c.business_id,
      businessName: c.business_name,
      planCode: c.plan_code,
      monthlyQuota: c.monthly_quota_override,
    })),
    changes: changes.map(toChange),
  };
}
