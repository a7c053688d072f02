import { z } from 'zod';

export const CMS_SECTIONS = ['hero', 'features', 'pricing'] as const;
export const ZCmsQuerySchema = z.object({ section: z.enum(CMS_SECTIONS, { error: 'section must be hero, features or pricing' }) });
export const ZCmsItemSchema = z.object({ key: z.string(), content: z.string() });
export const ZCmsListSchema = z.array(ZCmsItemSchema);
export type TCmsItem = z.infer<typeof ZCmsItemSchema>;

export const HELP_CATEGORIES = ['getting_started', 'features', 'ai_scoring', 'national_id', 'troubleshooting', 'updates'] as const;
export const HELP_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

export const ZHelpItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  difficulty: z.enum(HELP_DIFFICULTIES),
  estimatedTime: z.number(),
  viewCount: z.number(),
  version: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type THelpItem = z.infer<typeof ZHelpItemSchema>;
export const ZHelpListSchema = z.array(ZHelpItemSchema);
export const ZHelpQuerySchema = z.object({
  category: z.enum([...HELP_CATEGORIES, 'whats_new'], { error: 'Unknown category' }).optional(),
});
export const ZHelpViewSchema = z.object({ id: z.number(), viewCount: z.number() });
