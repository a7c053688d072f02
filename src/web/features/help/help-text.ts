import type { THelpItem } from '@shared/schemas/content';

export const HELP_TABS = ['getting_started', 'features', 'ai_scoring', 'national_id', 'troubleshooting', 'updates', 'all'] as const;
export type THelpTab = (typeof HELP_TABS)[number];

export const CATEGORY_LABEL: Record<string, string> = {
  getting_started: 'Getting Started',
  features: 'Features',
  ai_scoring: 'AI Scoring',
  national_id: 'National ID',
  troubleshooting: 'Troubleshooting',
  updates: 'Updates',
  all: 'All',
};

/** Markdown reduced to plain text for previews. */
export function plainTextOf(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of the text, with an ellipsis when cut. */
export function previewOf(markdown: string, length: number): string {
  const text = plainTextOf(markdown);
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** Search over title, content and tags, case-insensitive. */
export function matchesSearch(item: THelpItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    item.title.toLowerCase().includes(needle) ||
    item.content.toLowerCase().includes(needle) ||
    item.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}
