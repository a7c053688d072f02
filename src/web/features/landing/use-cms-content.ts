import { useCmsItems } from './api/cms-content';
import { CMS_DEFAULTS, type TCmsSection } from './cms-defaults';

/**
 * The managed text of one landing section (GET /api/cms/content?section=...). A key that is absent,
 * empty, or a section that cannot be loaded, falls back to the built-in default.
 */
export function useCmsContent<S extends TCmsSection>(section: S): { text: (typeof CMS_DEFAULTS)[S]; isLoading: boolean } {
  const query = useCmsItems(section);
  const text: Record<string, string> = { ...CMS_DEFAULTS[section] };
  if (Array.isArray(query.data)) {
    for (const item of query.data) {
      if (item.key in text && item.content.trim()) text[item.key] = item.content;
    }
  }
  return { text: text as (typeof CMS_DEFAULTS)[S], isLoading: query.isPending };
}
