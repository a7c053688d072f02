import type { TPageLoader } from '@web/lib/page-loader';

/** A business's registration documents, shown under its Settings page (app/routes.tsx), loaded on demand. */
export const loadBusinessDocumentsSection: TPageLoader = () =>
  import('./business-documents-section').then((m) => ({ default: m.BusinessDocumentsSection }));
