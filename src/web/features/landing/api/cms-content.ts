import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, queryString } from '@web/lib/api';
import { cmsQueryKey } from '@web/lib/landing-data';
import type { TCmsSection } from '../cms-defaults';

// The landing page's first bundle stays without zod (decisions/012): the schema comes with the answer.
// The server-rendered page seeds these answers (decisions/018), so usually nothing is asked at all.
const cmsListSchema = async () => (await import('@shared/schemas/content')).ZCmsListSchema;

export const cmsContentQuery = (section: TCmsSection) =>
  queryOptions({ queryKey: cmsQueryKey(section), queryFn: () => apiGet(`/api/cms/content${queryString({ section })}`, cmsListSchema) });
/** GET /api/cms/content?section=...: the managed text items of one landing section. */
export const useCmsItems = (section: TCmsSection) => useQuery(cmsContentQuery(section));
