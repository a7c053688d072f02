/**
 * The landing sections under the first screen. On the page the server rendered (decisions/018), whose
 * <html> carries data-lazy-sections (lib/lazy-sections.ts), the browser lays them out and paints them
 * only when they come near the viewport (content-visibility), so the first paint does the hero's work
 * alone. The first jump to a #section removes the attribute (renderAllSections): the scroll then runs
 * over real heights, not placeholder ones. (The attribute is written out here for Tailwind to see.)
 */
export const BELOW_THE_FOLD =
  '[[data-lazy-sections]_&]:[content-visibility:auto] [[data-lazy-sections]_&]:[contain-intrinsic-size:auto_900px]';
