import { ZAdminSettingsUpdateSchema, type TAdminSettings } from '@shared/schemas/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAuditEvent, type AuditContext } from '../audit';
import { readSetting, writeSetting, type SettingKey } from './service';

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
