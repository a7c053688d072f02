import type { ServerModule } from '../../lib/server-module';
import { creditFileRoutes } from './routes';

/**
 * A person's credit file as the bureau holds it: the report's read model, the inquiries and access log, consent, freeze and fraud alert.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const creditFileModule: ServerModule = {
  name: 'credit-file',
  urlPrefixes: [
    '/api/consumers/me/consents',
    '/api/consumers/me/lenders',
    '/api/consumers/me/privacy',
    '/api/consumers/me/freeze',
    '/api/consumers/me/unfreeze',
    '/api/consumers/me/fraud-alert',
    '/api/consumers/me/access-log',
  ],
  async routes(app, options) {
    await app.register(creditFileRoutes, options);
  },
};

export { getAccessLog } from './access-log';
export { inquiryHashKey, inquiryMetaOf, inquiryRows, recordSearchInquiry, storedSearchTerms, type InquiryMeta } from './inquiries';
export { getPrivacyStatus, setFrozen } from './privacy-controls';
export { openAccountReportedBeforeSql, refuseForWithdrawnConsent } from './withdrawn-consent';
export { listPurposes } from './purposes';
export { assembleCreditReport, buildCreditReport } from './report';
export { readReportSources, readReportSourcesAlong } from './report-sources';
