import { z } from 'zod';

/** Searches and reports a minute: a whole number from 1 to 1,000,000. */
const perMinute = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be 1 to 1,000,000 a minute` })
    .max(1_000_000, { error: `${label} must be 1 to 1,000,000 a minute` });

/** The limits every business has unless it has its own (settings). */
export const ZRateLimitDefaultsSchema = z.object({
  perUserPerMinute: z.number(),
  perApiKeyPerMinute: z.number(),
  perBusinessPerMinute: z.number(),
});
export type TRateLimitDefaults = z.infer<typeof ZRateLimitDefaultsSchema>;

export const ZRateLimitDefaultsUpdateSchema = z.object({
  perUserPerMinute: perMinute('The limit per user').optional(),
  perApiKeyPerMinute: perMinute('The limit per API key').optional(),
  perBusinessPerMinute: perMinute('The limit per business').optional(),
});

/** A business's own limits. perUserPerMinute null: its users and keys keep the default limits. */
export const ZBusinessRateLimitInputSchema = z.object({
  perMinute: perMinute('The limit for the business'),
  perUserPerMinute: perMinute('The limit per user or API key').nullable().optional(),
});
export type TBusinessRateLimitInput = z.input<typeof ZBusinessRateLimitInputSchema>;

export const ZBusinessRateLimitSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  perMinute: z.number(),
  perUserPerMinute: z.number().nullable(),
  updatedAt: z.string(),
});
export type TBusinessRateLimit = z.infer<typeof ZBusinessRateLimitSchema>;

export const ZRateLimitOverviewSchema = z.object({
  defaults: ZRateLimitDefaultsSchema,
  businesses: z.array(ZBusinessRateLimitSchema),
  /** Seconds a change may take to reach every instance (each caches the limits this long). */
  cacheSeconds: z.number(),
});
export type TRateLimitOverview = z.infer<typeof ZRateLimitOverviewSchema>;
