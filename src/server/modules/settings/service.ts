import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema/index';

/** Known settings with their types and the values used if a row is missing. */
export const SETTING_DEFAULTS = {
  exchange_rate_sle_per_usd: '22.75',
  dispute_deadline_days: 30,
  retention_years: 7,
  login_lockout_threshold: 10,
  login_lockout_minutes: 15,
  // Credit searches and reports a minute, beyond the monthly quota (modules/rate-limits).
  credit_rate_limit_per_user_minute: 60,
  credit_rate_limit_per_api_key_minute: 120,
  credit_rate_limit_per_business_minute: 300,
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K] extends string ? string : number;

export async function readSetting<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const value = rows[0]?.value ?? SETTING_DEFAULTS[key];
  // drizzle parses a jsonb string a second time ("22.75" comes back as 22.75), so coerce to the declared type.
  return (typeof SETTING_DEFAULTS[key] === 'string' ? String(value) : Number(value)) as SettingValue<K>;
}

export async function writeSetting<K extends SettingKey>(db: Database, key: K, value: SettingValue<K>) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
