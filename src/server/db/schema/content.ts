import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Landing-page text managed by administrators: section hero, features or pricing. */
export const managedContent = pgTable(
  'managed_content',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    key: text('key').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('managed_content_section_key').on(t.section, t.key)],
);

export const helpContent = pgTable(
  'help_content',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** getting_started, features, ai_scoring, national_id, troubleshooting or updates. */
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull().default('beginner'),
    estimatedTime: integer('estimated_time').notNull().default(5),
    viewCount: integer('view_count').notNull().default(0),
    version: text('version').notNull().default('1.0'),
    author: text('author').notNull(),
    tags: text('tags').array().notNull().default([]),
    isPublished: boolean('is_published').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_content_category_idx').on(t.category)],
);
