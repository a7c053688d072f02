import type { ServerModule } from '../../lib/server-module';
import { disputeRoutes } from './routes';

/**
 * Disputes: a consumer files one, the lender answers it before its deadline, overdue ones are flagged.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const disputesModule: ServerModule = {
  name: 'disputes',
  urlPrefixes: ['/api/businesses/me/disputes', '/api/consumers/me/disputes'],
  async routes(app, options) {
    await app.register(disputeRoutes, options);
  },
};

export { markDisputesNearDeadline } from './deadline-near';
export { markOverdueDisputes } from './overdue-job';
export { isHiddenFromLendersSql } from './queries';
export { closeDisputeOfRemovedAccount } from './removed-account';
