import type { ServerModule } from '../../lib/server-module';
import { consumerSettingsRoutes } from './account-routes';
import { consumerUnlinkRoutes } from './admin-unlink-routes';
import { consumerRegistrationRoutes } from './routes';

/**
 * Consumer accounts: registration, contact details and notice choices, the identity gate in front of the file, and unlinking a wrongly claimed file.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const consumersModule: ServerModule = {
  name: 'consumers',
  urlPrefixes: ['/api/consumers', '/api/admin/consumers'],
  async routes(app, options) {
    await app.register(consumerSettingsRoutes, options);
    await app.register(consumerUnlinkRoutes, options);
    await app.register(consumerRegistrationRoutes, options);
  },
};

export { confirmIdentityCode, getIdentityStatus, sendIdentityCode } from './identity-codes';
export { identityHmacKey } from './identity-keys';
export { requireOwnSubject, resolveOwnFile, type OwnFile } from './own-file';
export { recordReportedPhones } from './reported-phones';
