import { languageOf, translatorFor } from '@shared/i18n';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { queryParsedRows } from '../../../db/query';
import type { SmsProvider } from './sms-provider';

// STOP and START (decisions/046): a phone that sent STOP gets no alert SMS until START; one-time
// codes the person asks for still go. The Settings switch writes the same table.

const ZPhoneRow = z.object({ phone: z.string() });

/** Whether alerts may go to this phone. */
export async function isOptedOut(db: Database, phone: string): Promise<boolean> {
  const rows = await queryParsedRows(db, ZPhoneRow, sql`SELECT phone FROM sms_opt_outs WHERE phone = ${phone}`);
  return rows.length > 0;
}

/** Turns alerts off (true: they were on). */
export async function optOut(db: Database, phone: string, source: 'sms' | 'settings'): Promise<boolean> {
  const rows = await queryParsedRows(
    db,
    ZPhoneRow,
    sql`INSERT INTO sms_opt_outs (phone, source) VALUES (${phone}, ${source}) ON CONFLICT (phone) DO NOTHING RETURNING phone`,
  );
  return rows.length > 0;
}

/** Turns alerts back on (true: they were off). */
export async function optIn(db: Database, phone: string): Promise<boolean> {
  const rows = await queryParsedRows(db, ZPhoneRow, sql`DELETE FROM sms_opt_outs WHERE phone = ${phone} RETURNING phone`);
  return rows.length > 0;
}

/** The language of the consumer who signs in with this phone ('en' when none does). */
async function languageOfPhone(db: Database, phone: string) {
  const [row] = await queryParsedRows(
    db,
    z.object({ language: z.string() }),
    sql`SELECT cp.language FROM users u JOIN consumer_profiles cp ON cp.user_id = u.id
        WHERE u.phone = ${phone} AND u.role = 'consumer' LIMIT 1`,
  );
  return languageOf(row?.language);
}

/** What an incoming text asked: STOP or START (any case, trimmed), else nothing we act on. */
export function commandOf(text: string): 'stop' | 'start' | null {
  const word = text.trim().toUpperCase();
  if (word === 'STOP') return 'stop';
  if (word === 'START') return 'start';
  return null;
}

/**
 * An incoming text from `phone`: STOP or START changes the phone's alerts and answers once, in the
 * language of the consumer signing in with that phone; a second STOP answers nothing.
 */
export async function handleIncomingText(
  db: Database,
  sms: SmsProvider,
  phone: string,
  text: string,
): Promise<'stopped' | 'started' | 'unchanged' | 'ignored'> {
  const command = commandOf(text);
  if (!command) return 'ignored';
  const changed = command === 'stop' ? await optOut(db, phone, 'sms') : await optIn(db, phone);
  if (!changed) return 'unchanged';
  const t = translatorFor(await languageOfPhone(db, phone));
  const body = t(command === 'stop' ? 'sms:reply.stopped' : 'sms:reply.started');
  await sms.send(db, { to: phone, body, purpose: command === 'stop' ? 'alerts_stopped' : 'alerts_started' });
  return command === 'stop' ? 'stopped' : 'started';
}
