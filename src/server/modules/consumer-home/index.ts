import type { ServerModule } from '../../lib/server-module';
import { consumerHomeRoutes } from './routes';

/**
 * The consumer's way into their file: the identity check by a code to a trusted phone, then the dashboard.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const consumerHomeModule: ServerModule = {
  name: 'consumer-home',
  urlPrefixes: ['/api/consumers/me/dashboard', '/api/consumers/me/identity'],
  async routes(app, options) {
    await app.register(consumerHomeRoutes, options);
  },
};
