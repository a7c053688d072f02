import type { ServerModule } from '../../lib/server-module';
import { contentAdminRoutes } from './admin-routes';
import { cmsRoutes } from './cms-routes';
import { configRoutes } from './config-routes';
import { helpRoutes } from './help-routes';

/**
 * Public content: site configuration, landing-page text and help articles, and their administration.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const siteContentModule: ServerModule = {
  name: 'site-content',
  urlPrefixes: ['/api/config', '/api/cms', '/api/help-content', '/api/admin/content', '/api/admin/help'],
  async routes(app, options) {
    await app.register(contentAdminRoutes, options);
    await app.register(cmsRoutes, options);
    await app.register(configRoutes, options);
    await app.register(helpRoutes, options);
  },
};
