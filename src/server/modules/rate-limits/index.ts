import type { ServerModule } from '../../lib/server-module';
import { rateLimitRoutes } from './routes';

/**
 * Per-business rate limits on the credit routes and their administration.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const rateLimitsModule: ServerModule = {
  name: 'rate-limits',
  urlPrefixes: ['/api/admin/rate-limits', '/api/admin/businesses/:id/rate-limit'],
  async routes(app, options) {
    await app.register(rateLimitRoutes, options);
  },
};

export { default as creditRateLimitPlugin } from './plugin';
export { rateLimitStoreOptions } from './redis-store';
export { readRateLimitDefaults } from './service';
