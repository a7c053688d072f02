import type { TCmsItem } from './schemas/content';
import type { TPlan } from './schemas/payments';

/**
 * What the server renders the landing page from (decisions/018): the managed text of the three
 * sections and the plan catalogue, exactly as GET /api/cms/content and GET /api/plans answer them.
 * The page carries it in a JSON script element (not executed, so the CSP allows it) and the browser
 * seeds its query cache with it before hydrating, so both renders see the same data.
 */
export interface TLandingData {
  cms: { hero: TCmsItem[]; features: TCmsItem[]; pricing: TCmsItem[] };
  plans: { plans: TPlan[]; exchangeRateSlePerUsd: string };
}

/** The id of the `<script type="application/json">` element that carries TLandingData. */
export const LANDING_DATA_ELEMENT_ID = 'landing-data';

/** The server-side render entry (dist/web-ssr/entry-server.js). */
export interface TLandingRenderer {
  /** The markup that goes inside `<div id="root">`. */
  renderLanding(data: TLandingData): Promise<string>;
}

/** The two marks in dist/web-ssr/landing-template.html (written by vite.config.ts) that the server fills. */
export const LANDING_HTML_MARK = '<!--ssr-landing-html-->';
export const LANDING_DATA_MARK = '<!--ssr-landing-data-->';

/** Dispatched on document once React has taken over the server-rendered landing page (landing-boot.ts waits for it). */
export const LANDING_HYDRATED_EVENT = 'ccsl:landing-hydrated';
