import { z } from 'zod';

/** What a business can subscribe to (docs/api.md, "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  'dispute.filed',
  'dispute.deadline_near',
  'dispute.overdue',
  'submission.completed',
  'submission.failed',
  'consent.withdrawn',
] as const;
export const ZWebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `Not a webhook event: choose from ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
export type TWebhookEventType = z.infer<typeof ZWebhookEventTypeSchema>;

/** Endpoints a business may have at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export const ZWebhookCreateSchema = z.object({
  url: z
    .string({ error: 'Give the URL that receives the events' })
    .trim()
    .min(1, 'Give the URL that receives the events')
    .max(2048, 'The URL is longer than 2,048 characters')
    .refine(isHttpUrl, 'Give a full URL starting with https://'),
  events: z
    .array(ZWebhookEventTypeSchema, { error: 'Choose the events to receive' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
});
export type TWebhookCreate = z.infer<typeof ZWebhookCreateSchema>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const ZWebhookCreatedSchema = z.object({ id: z.string(), secret: z.string() });
export type TWebhookCreated = z.infer<typeof ZWebhookCreatedSchema>;

export const ZWebhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id, the `id` of the body sent (the same for every endpoint it went to). */
  eventId: z.string(),
  type: ZWebhookEventTypeSchema,
  createdAt: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status at the last attempt; null when it gave none (timeout, refused address). */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

export const ZWebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(ZWebhookEventTypeSchema),
  createdAt: z.string(),
  /** The latest deliveries to it, newest first. */
  deliveries: z.array(ZWebhookDeliverySchema),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;

export const ZWebhookListSchema = z.object({ maxEndpoints: z.number().int(), endpoints: z.array(ZWebhookEndpointSchema) });
export type TWebhookList = z.infer<typeof ZWebhookListSchema>;

export const ZWebhookIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a webhook endpoint id' }) });
