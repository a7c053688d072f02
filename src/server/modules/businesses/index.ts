import type { ServerModule } from '../../lib/server-module';
import { businessReviewRoutes } from './admin-routes';
import { businessDocumentRoutes } from './document-routes';
import { businessRegistrationRoutes } from './routes';
import { businessProfileAndTeamRoutes } from './workspace-routes';

/**
 * Business accounts: registration, profile, team, verification documents and the administrator's review of them.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const businessesModule: ServerModule = {
  name: 'businesses',
  urlPrefixes: ['/api/businesses', '/api/admin/businesses'],
  async routes(app, options) {
    await app.register(businessReviewRoutes, options);
    await app.register(businessDocumentRoutes, options);
    await app.register(businessRegistrationRoutes, options);
    await app.register(businessProfileAndTeamRoutes, options);
  },
};

export { changeBusinessPlan } from './admin-review';
export { getBusinessProfile } from './settings';
