import type { TWebhookEventType } from '@shared/schemas/business';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Records a webhook event for a business, in the caller's transaction (the outbox): the event and
 * one pending delivery per endpoint of the business that subscribes to its type are written with
 * the change they report, so a crash after the commit loses nothing (the delivery job sends them)
 * and a change rolled back sends nothing. A business with no endpoint for the type stores nothing.
 * `data` is what the receiver gets as the body's `data`: no secrets, no more personal data than the
 * business already holds.
 */
export async function recordWebhookEvent(
  tx: Database,
  businessId: string,
  type: TWebhookEventType,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`
    WITH subscribed AS (
      SELECT id FROM webhook_endpoints WHERE business_id = ${businessId}::uuid AND ${type} = ANY(events)
    ), event AS (
      INSERT INTO webhook_events (business_id, type, data, created_at)
      SELECT ${businessId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb, ${at}::timestamptz
      WHERE EXISTS (SELECT 1 FROM subscribed)
      RETURNING id
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    SELECT event.id, subscribed.id, ${at}::timestamptz, ${at}::timestamptz FROM event CROSS JOIN subscribed`);
}
