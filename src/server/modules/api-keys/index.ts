import type { ServerModule } from '../../lib/server-module';
import { apiKeyRoutes } from './routes';

/**
 * A business's API keys: created and revoked by the owner, and the plugin that signs a request in by its key.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const apiKeysModule: ServerModule = {
  name: 'api-keys',
  urlPrefixes: ['/api/businesses/me/api-keys'],
  async routes(app, options) {
    await app.register(apiKeyRoutes, options);
  },
};

export { API_KEY_PATH_PREFIX, default as apiKeysPlugin } from './plugin';
