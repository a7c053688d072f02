import type { ServerModule } from '../../lib/server-module';
import { storedReportRoutes } from './business-routes';
import { ownReportRoutes } from './consumer-routes';
import { reportRoutes } from './routes';

/**
 * Searches and credit reports: who may pull one (standing and quota), stored copies and PDFs, and the consumer's own reports.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const reportsModule: ServerModule = {
  name: 'reports',
  urlPrefixes: [
    '/api/credit/search',
    '/api/credit/purposes',
    '/api/credit/reports',
    '/api/consumers/me/report',
    '/api/consumers/me/report.pdf',
    '/api/consumers/me/reports',
    '/api/businesses/me/usage',
  ],
  async routes(app, options) {
    await app.register(storedReportRoutes, options);
    await app.register(ownReportRoutes, options);
    await app.register(reportRoutes, options);
  },
};

export { assertVerified, getBusinessUsage, loadBusinessAccess, monthPeriod } from './business-access';
export { requestNewReport } from './own-report';
export { recountReportUsage } from './quota';
export { madeByJoins, madeBySql } from './report-copies';
/** The page, colours and drawing primitives of the bureau's PDFs, for other documents (the clearance certificate). */
export { COLOR, contentWidth, createPdfDocument, drawFooters, PAGE_MARGIN, paragraph, type Doc } from './report-pdf/pdf-document';
