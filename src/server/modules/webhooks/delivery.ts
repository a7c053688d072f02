import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows, timestampColumn } from '../../db/query';
import { sendWebhook, type SendWebhook } from './send';
import { signatureHeader } from './signature';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The wait after each failed attempt; then every 12 hours, until a day has passed since the event. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR];
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** A claimed delivery is not claimed again before this (its sender may have died mid-send: then it is retried). */
const CLAIM_LEASE_MS = 2 * MINUTE;
const BATCH = 20;
const MAX_BATCHES_PER_RUN = 10;
/** Events and their deliveries are kept this long, for the business to look back at. */
const KEEP_EVENTS_DAYS = 30;

const ZClaimed = z.object({
  id: z.string(),
  attempts: z.number(),
  event_id: z.string(),
  type: z.string(),
  data: jsonColumnOf(z.record(z.string(), z.unknown())),
  event_created_at: timestampColumn,
  url: z.string(),
  secret: z.string(),
});

/** When a failed delivery is tried next, or null when it has failed for good. */
export function nextAttemptAfterFailure(attempts: number, eventCreatedAt: Date, now: Date): Date | null {
  const giveUpAt = eventCreatedAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= giveUpAt) return null;
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  return new Date(Math.min(now.getTime() + delay, giveUpAt));
}

/**
 * Claims due deliveries (FOR UPDATE SKIP LOCKED: two instances never take the same one) by moving
 * their next attempt a lease ahead and counting the attempt, in one committed statement; the
 * requests are then made outside any transaction (a slow receiver holds no lock and, on PGlite, does
 * not hold the database). An instance that dies mid-send leaves the delivery to be retried when the
 * lease ends: delivery is at least once, and receivers tell repeats by the event's `id`.
 */
async function claimDue(db: Database, now: Date) {
  return queryParsedRows(
    db,
    ZClaimed,
    sql`UPDATE webhook_deliveries d
        SET attempts = d.attempts + 1, last_attempt_at = ${now.toISOString()}::timestamptz,
            next_attempt_at = ${new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz
        FROM webhook_events e, webhook_endpoints p
        WHERE d.id IN (
            SELECT id FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}::timestamptz
            ORDER BY next_attempt_at LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
          AND e.id = d.event_id AND p.id = d.endpoint_id
        RETURNING d.id, d.attempts, e.id AS event_id, e.type, e.data, e.created_at AS event_created_at, p.url, p.secret`,
  );
}

/**
 * The delivery job (jobs/scheduled-jobs.ts `webhooks.deliver`, on every instance): sends what is due,
 * records each outcome on its delivery (what the business sees), and schedules the retries.
 */
export async function deliverDueWebhooks(
  db: Database,
  options: { production: boolean; now?: Date; send?: SendWebhook },
): Promise<{ delivered: number; retrying: number; failed: number }> {
  const send = options.send ?? sendWebhook({ production: options.production });
  const totals = { delivered: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const now = options.now ?? new Date();
    const claimed = await claimDue(db, now);
    await Promise.all(
      claimed.map(async (d) => {
        const sentAt = options.now ?? new Date();
        const body = JSON.stringify({ id: d.event_id, type: d.type, createdAt: d.event_created_at, data: d.data });
        const outcome = await send(d.url, body, {
          'content-type': 'application/json',
          'user-agent': 'CreditCheck-SL-Webhooks/1',
          'x-creditcheck-event': d.type,
          'x-creditcheck-delivery': d.id,
          'x-creditcheck-signature': signatureHeader(d.secret, body, sentAt),
        });
        const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
        const next = ok ? null : nextAttemptAfterFailure(d.attempts, new Date(d.event_created_at), sentAt);
        const status = ok ? 'delivered' : next ? 'pending' : 'failed';
        totals[ok ? 'delivered' : next ? 'retrying' : 'failed']++;
        const error = ok ? null : (outcome.error ?? `The receiver answered ${outcome.status}`);
        // Only if no one claimed it again meanwhile (a lease that ran out): the later claim reports.
        await db.execute(sql`UPDATE webhook_deliveries
          SET status = ${status}, response_status = ${outcome.status}, error = ${error},
              next_attempt_at = ${(next ?? sentAt).toISOString()}::timestamptz
          WHERE id = ${d.id}::uuid AND attempts = ${d.attempts}`);
      }),
    );
    if (claimed.length < BATCH) break;
  }
  const now = options.now ?? new Date();
  await db.execute(
    sql`DELETE FROM webhook_events WHERE created_at < ${new Date(now.getTime() - KEEP_EVENTS_DAYS * 24 * HOUR).toISOString()}::timestamptz`,
  );
  return totals;
}
