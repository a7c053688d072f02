import type { QueryClient } from '@tanstack/react-query';
import { LANDING_DATA_ELEMENT_ID, type TLandingData } from '@shared/landing-data';
import { ROLE_DETECTION_ORDER } from '@shared/roles';
import { PLANS_QUERY_KEY } from './plans';
import { meQueryKey } from './session';

export const cmsQueryKey = (section: keyof TLandingData['cms']) => ['cms', section] as const;

/**
 * Puts the data the server rendered the landing page from into the query cache (decisions/018),
 * so the first render in the browser matches the server's markup and asks the API nothing again.
 * The server renders the landing page only for a request without a session cookie, so none of the
 * four "me" calls could answer: each is set to "not signed in".
 */
export function seedLandingData(queryClient: QueryClient, data: TLandingData) {
  for (const section of ['hero', 'features', 'pricing'] as const) queryClient.setQueryData(cmsQueryKey(section), data.cms[section]);
  queryClient.setQueryData(PLANS_QUERY_KEY, data.plans);
  for (const role of ROLE_DETECTION_ORDER) queryClient.setQueryData(meQueryKey(role), null);
}

/** The landing data the server put in the page, or null on a page the server did not render. */
export function readLandingData(): TLandingData | null {
  const text = document.getElementById(LANDING_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as TLandingData;
  } catch {
    return null;
  }
}
