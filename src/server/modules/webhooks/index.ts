import type { ServerModule } from '../../lib/server-module';
import { webhookRoutes } from './routes';

/**
 * Webhooks (decisions/031): a business's endpoints, the event outbox other modules write into in
 * their own transactions (`recordWebhookEvent`), and the delivery job. Low in the layers (it imports
 * only audit), so disputes, submissions and credit-file can record events without a cycle.
 * This file is the module's only door.
 */
export const webhooksModule: ServerModule = {
  name: 'webhooks',
  urlPrefixes: ['/api/businesses/me/webhooks'],
  async routes(app) {
    await app.register(webhookRoutes);
  },
};

export { deliverDueWebhooks, GIVE_UP_AFTER_MS, RETRY_DELAYS_MS } from './delivery';
export { recordWebhookEvent } from './events';
export { signatureHeader } from './signature';
export { isPublicAddress, webhookUrlProblem } from './url-rules';
