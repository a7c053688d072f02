import type { TPageLoader } from '@web/lib/page-loader';

/** A business's registration documents, the Documents tab of its Settings page, loaded on demand. */
export const loadBusinessDocumentsSection: TPageLoader = () =>
  import('./business-documents-section').then((m) => ({ default: m.BusinessDocumentsSection }));

/** The dashboard's checklist of a business not yet able to search: paid, documents uploaded, verified. */
export const loadVerificationChecklist: TPageLoader<{ isSubscriptionActive: boolean }> = () =>
  import('./verification-checklist').then((m) => ({ default: m.VerificationChecklist }));
