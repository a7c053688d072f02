import type { ServerModule } from '../../lib/server-module';
import { securityAdminRoutes } from './admin-routes';
import { auditReportRoutes } from './audit-report-routes';
import { regulatorRoutes } from './regulator-routes';

/**
 * The regulator and the administrator watching the bureau: compliance, complaints, investigations, incidents, audit reports.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const oversightModule: ServerModule = {
  name: 'oversight',
  urlPrefixes: ['/api/regulators', '/api/consumers/me/complaints', '/api/admin/security', '/api/admin/overview'],
  async routes(app, options) {
    await app.register(securityAdminRoutes, options);
    await app.register(auditReportRoutes, options);
    await app.register(regulatorRoutes, options);
  },
};

export { scanForIncidents } from './incidents';
export { default as recordDeniedAccessPlugin } from './record-denied-access';
