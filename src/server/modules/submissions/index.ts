import type { ServerModule } from '../../lib/server-module';
import { reportedAccountRoutes } from './business-routes';
import { accountCorrectionRoutes } from './correction-routes';
import { submissionRoutes } from './routes';

/**
 * A lender's data coming in: monthly files, accounts reported one by one, and the lists of what it reported.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const submissionsModule: ServerModule = {
  name: 'submissions',
  urlPrefixes: ['/api/credit/submissions', '/api/credit/accounts', '/api/businesses/me/accounts'],
  async routes(app, options) {
    await app.register(reportedAccountRoutes, options);
    await app.register(submissionRoutes, options);
    await app.register(accountCorrectionRoutes, options);
  },
};

export { applyAccountReports } from './apply-reports';
export { pruneAccountMonths } from './months-retention';
