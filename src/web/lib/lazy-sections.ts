/**
 * On <html> of the server-rendered landing page (decisions/018): its lower sections are laid out only
 * when they come near the viewport (features/landing/below-the-fold.ts), with a placeholder height
 * until then.
 */
export const LAZY_SECTIONS_ATTRIBUTE = 'data-lazy-sections';

/**
 * Before a jump to a #section: every section at its real height, so that a (smooth) scroll past
 * placeholder heights does not land above or below its target.
 */
export function renderAllSections() {
  document.documentElement.removeAttribute(LAZY_SECTIONS_ATTRIBUTE);
}
