import {
  MAX_WEBHOOK_ENDPOINTS,
  type TWebhookCreate,
  type TWebhookCreated,
  type TWebhookEventType,
  type TWebhookList,
} from '@shared/schemas/business';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import type { BusinessActor } from '../../lib/business-actor';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { recordAuditEvent } from '../audit';
import { newWebhookSecret } from './signature';
import { webhookUrlProblem } from './url-rules';

/** Deliveries shown per endpoint in the list, newest first. */
const DELIVERIES_SHOWN = 20;

/** A new endpoint; its secret is in this answer only (kept to sign, never shown again). */
export async function createWebhookEndpoint(
  db: Database,
  actor: BusinessActor,
  input: TWebhookCreate,
  options: { production: boolean },
): Promise<TWebhookCreated> {
  const problem = await webhookUrlProblem(input.url, options);
  if (problem) throw badRequest([{ field: 'url', message: problem }]);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // One creation at a time per business, so two at once cannot pass the limit together.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${actor.businessId}::uuid FOR UPDATE`);
    const [{ n }] = await queryParsedRows(
      tx,
      z.object({ n: numberColumn }),
      sql`SELECT count(*) AS n FROM webhook_endpoints WHERE business_id = ${actor.businessId}::uuid`,
    );
    if (n >= MAX_WEBHOOK_ENDPOINTS)
      throw conflict('url', `A business can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`);
    const [created] = await queryParsedRows(
      tx,
      z.object({ id: z.string() }),
      sql`INSERT INTO webhook_endpoints (business_id, url, events, secret, created_by)
          VALUES (${actor.businessId}::uuid, ${input.url}, ${sql`ARRAY[${sql.join(
            input.events.map((e) => sql`${e}`),
            sql`, `,
          )}]::text[]`}, ${secret}, ${actor.userId}::uuid)
          RETURNING id`,
    );
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.webhook_created',
      businessId: actor.businessId,
      targetType: 'webhook_endpoint',
      targetId: created.id,
      details: { url: input.url, events: input.events },
    });
    return { id: created.id, secret };
  });
}

const ZEndpointRow = z.object({ id: z.string(), url: z.string(), events: z.array(z.string()), created_at: timestampColumn });
const ZDeliveryRow = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  type: z.string(),
  created_at: timestampColumn,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: numberColumn,
  last_attempt_at: timestampColumn.nullable(),
  next_attempt_at: timestampColumn,
  response_status: numberColumn.nullable(),
  error: z.string().nullable(),
});

/** The business's endpoints with their latest deliveries; never a secret. */
export async function listWebhookEndpoints(db: Database, businessId: string): Promise<TWebhookList> {
  const endpoints = await queryParsedRows(
    db,
    ZEndpointRow,
    sql`SELECT id, url, events, created_at FROM webhook_endpoints WHERE business_id = ${businessId}::uuid ORDER BY created_at, id`,
  );
  const deliveries =
    endpoints.length === 0
      ? []
      : await queryParsedRows(
          db,
          ZDeliveryRow,
          sql`SELECT d.id, d.endpoint_id, e.id AS event_id, e.type, e.created_at, d.status::text AS status, d.attempts,
                d.last_attempt_at, d.next_attempt_at, d.response_status, d.error
              FROM webhook_endpoints p
              CROSS JOIN LATERAL (
                SELECT * FROM webhook_deliveries WHERE endpoint_id = p.id ORDER BY created_at DESC, id DESC LIMIT ${DELIVERIES_SHOWN}
              ) d
              JOIN webhook_events e ON e.id = d.event_id
              WHERE p.business_id = ${businessId}::uuid
              ORDER BY d.created_at DESC, d.id DESC`,
        );
  return {
    maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
    endpoints: endpoints.map((p) => ({
      id: p.id,
      url: p.url,
      events: p.events as TWebhookEventType[],
      createdAt: p.created_at,
      deliveries: deliveries
        .filter((d) => d.endpoint_id === p.id)
        .map((d) => ({
          id: d.id,
          eventId: d.event_id,
          type: d.type as TWebhookEventType,
          createdAt: d.created_at,
          status: d.status,
          attempts: d.attempts,
          lastAttemptAt: d.last_attempt_at,
          nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
          responseStatus: d.response_status,
          error: d.error,
        })),
    })),
  };
}

/** Deletes an endpoint and its pending deliveries; another business's endpoint is "not found". */
export async function deleteWebhookEndpoint(db: Database, actor: BusinessActor, id: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const [row] = await queryParsedRows(
      tx,
      z.object({ id: z.string(), url: z.string() }),
      sql`DELETE FROM webhook_endpoints WHERE id = ${id}::uuid AND business_id = ${actor.businessId}::uuid RETURNING id, url`,
    );
    if (!row) throw notFound('No such webhook endpoint');
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.webhook_deleted',
      businessId: actor.businessId,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { url: row.url },
    });
  });
  return { message: 'Webhook endpoint deleted' };
}
