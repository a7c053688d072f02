import type { ServerModule } from '../../lib/server-module';
import { ussdRoutes } from './routes';

/**
 * USSD for any phone (issue 21, decisions/044): the aggregator's callback, the consumer's USSD PIN
 * and, in demo mode, the simulator's route.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const ussdModule: ServerModule = {
  name: 'ussd',
  urlPrefixes: ['/api/ussd', '/api/consumers/me/ussd-pin'],
  async routes(app, options) {
    await app.register(ussdRoutes, options);
  },
};

export { ussdCallerCheck } from './caller';
