import type { ServerModule } from '../../lib/server-module';
import { healthRoutes } from './routes';

/**
 * Liveness of the service.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const healthModule: ServerModule = {
  name: 'health',
  urlPrefixes: ['/api/health'],
  async routes(app, options) {
    await app.register(healthRoutes, options);
  },
};
