import type { ServerModule } from '../../lib/server-module';
import { lenderInsightRoutes } from './routes';

/**
 * The lender's dashboard and analytics of its own portfolio.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const lenderInsightsModule: ServerModule = {
  name: 'lender-insights',
  urlPrefixes: ['/api/businesses/me/dashboard', '/api/businesses/me/analytics'],
  async routes(app, options) {
    await app.register(lenderInsightRoutes, options);
  },
};
