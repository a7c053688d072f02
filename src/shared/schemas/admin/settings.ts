import { z } from 'zod';
import { CMS_SECTIONS, HELP_CATEGORIES, HELP_DIFFICULTIES } from '../content';

// Platform settings, plans, landing-page content and help articles.

// ---------- settings, plans, content, help

export const ZAdminSettingsSchema = z.object({
  exchangeRateSlePerUsd: z.string(),
  disputeDeadlineDays: z.number(),
  retentionYears: z.number(),
  loginLockoutThreshold: z.number(),
  loginLockoutMinutes: z.number(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettingsSchema>;
export const ZAdminSettingsUpdateSchema = z.object({
  exchangeRateSlePerUsd: z
    .string({ error: 'Exchange rate must be a number such as 22.75' })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,4})?$/, { error: 'Exchange rate must be a number such as 22.75' })
    .refine((v) => Number(v) > 0, { error: 'Exchange rate must be more than 0' })
    .optional(),
  disputeDeadlineDays: z.coerce
    .number({ error: 'Dispute deadline must be a whole number of days' })
    .int({ error: 'Dispute deadline must be a whole number of days' })
    .min(1, { error: 'Dispute deadline must be 1 to 90 days' })
    .max(90, { error: 'Dispute deadline must be 1 to 90 days' })
    .optional(),
  retentionYears: z.coerce
    .number({ error: 'Retention must be a whole number of years' })
    .int({ error: 'Retention must be a whole number of years' })
    .min(1, { error: 'Retention must be 1 to 30 years' })
    .max(30, { error: 'Retention must be 1 to 30 years' })
    .optional(),
  loginLockoutThreshold: z.coerce
    .number({ error: 'Must be a whole number' })
    .int()
    .min(3, { error: 'Lockout threshold must be 3 to 50 attempts' })
    .max(50, { error: 'Lockout threshold must be 3 to 50 attempts' })
    .optional(),
  loginLockoutMinutes: z.coerce
    .number({ error: 'Must be a whole number' })
    .int()
    .min(1, { error: 'Lockout must last 1 to 1440 minutes' })
    .max(1440, { error: 'Lockout must last 1 to 1440 minutes' })
    .optional(),
});
export type TAdminSettingsUpdate = z.input<typeof ZAdminSettingsUpdateSchema>;

export const ZAdminPlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  priceUsdCents: z.number().nullable(),
  monthlyInquiryQuota: z.number(),
  features: z.array(z.string()),
  isFree: z.boolean(),
  isPublic: z.boolean(),
  subscriberCount: z.number(),
});
export type TAdminPlan = z.infer<typeof ZAdminPlanSchema>;
export const ZAdminPlanListSchema = z.object({ plans: z.array(ZAdminPlanSchema) });
export const ZPlanCodeParamsSchema = z.object({ code: z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: 'Unknown plan' }) });
export const ZAdminPlanUpdateSchema = z.object({
  name: z.string().trim().min(2, { error: 'Plan name is required' }).max(60, { error: 'Must be at most 60 characters' }).optional(),
  description: z.string().trim().max(500, { error: 'Must be at most 500 characters' }).optional(),
  /** Whole US dollars and cents as text ("250.00"), or null for a price by agreement. */
  priceUsd: z
    .string({ error: 'Price must be an amount such as 250.00' })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'Price must be an amount such as 250.00' })
    .nullable()
    .optional(),
  monthlyInquiryQuota: z.coerce
    .number({ error: 'Quota must be a whole number' })
    .int({ error: 'Quota must be a whole number' })
    .min(0, { error: 'Quota must be 0 to 1,000,000' })
    .max(1_000_000, { error: 'Quota must be 0 to 1,000,000' })
    .optional(),
  features: z
    .array(z.string().trim().min(1).max(120, { error: 'Each feature must be at most 120 characters' }))
    .max(20, { error: 'At most 20 features' })
    .optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
});
export type TAdminPlanUpdate = z.input<typeof ZAdminPlanUpdateSchema>;

/** The landing page's managed keys per section (specification section 3). */
export const CMS_KEYS: Record<(typeof CMS_SECTIONS)[number], readonly string[]> = {
  hero: ['main_headline', 'subtitle'],
  features: [
    'ai_scoring_title',
    'ai_scoring_description',
    'real_time_title',
    'real_time_description',
    'comprehensive_title',
    'comprehensive_description',
  ],
  pricing: ['free_tier_title', 'free_tier_description', 'standard_tier_title', 'enterprise_tier_title', 'enterprise_tier_description'],
};
export const ZAdminContentSchema = z.object({
  items: z.array(
    z.object({ section: z.enum(CMS_SECTIONS), key: z.string(), content: z.string().nullable(), updatedAt: z.string().nullable() }),
  ),
});
export type TAdminContent = z.infer<typeof ZAdminContentSchema>;
export const ZContentUpdateSchema = z
  .object({
    section: z.enum(CMS_SECTIONS, { error: 'section must be hero, features or pricing' }),
    key: z.string({ error: 'key is required' }).min(1, { error: 'key is required' }).max(60),
    /** Empty text removes the item: the landing page then shows its built-in default. */
    content: z.string({ error: 'content is required' }).trim().max(2000, { error: 'Must be at most 2000 characters' }),
  })
  .refine((v) => CMS_KEYS[v.section]?.includes(v.key), {
    path: ['key'],
    message: 'This key is not used by that section of the landing page',
  });
export type TContentUpdate = z.infer<typeof ZContentUpdateSchema>;

export const ZHelpArticleFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, { error: 'Title is required' })
    .max(200, { error: 'Must be at most 200 characters' }),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(10, { error: 'Content must be at least 10 characters' })
    .max(50_000, { error: 'Must be at most 50,000 characters' }),
  category: z.enum(HELP_CATEGORIES, { error: 'Please choose a category' }),
  difficulty: z.enum(HELP_DIFFICULTIES, { error: 'Please choose a difficulty' }),
  estimatedTime: z.coerce
    .number({ error: 'Minutes must be a whole number' })
    .int({ error: 'Minutes must be a whole number' })
    .min(1, { error: 'Minutes must be 1 to 240' })
    .max(240, { error: 'Minutes must be 1 to 240' }),
  version: z.string().trim().min(1, { error: 'Version is required' }).max(20),
  author: z.string().trim().min(2, { error: 'Author is required' }).max(100),
  tags: z.array(z.string().trim().min(1).max(40)).max(20, { error: 'At most 20 tags' }),
  isFeatured: z.boolean(),
});
export type THelpArticleForm = z.input<typeof ZHelpArticleFormSchema>;
export const ZHelpIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int({ error: 'id must be a number' })
    .positive({ error: 'id must be a number' })
    .max(2_147_483_647, { error: 'id must be a number' }),
});
