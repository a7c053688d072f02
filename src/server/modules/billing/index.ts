import type { ServerModule } from '../../lib/server-module';
import { planAdminRoutes } from './admin-routes';
import { paymentRoutes } from './routes';
import { subscriptionRoutes } from './subscription-routes';

/**
 * Plans, card payments, subscriptions and invoices.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const billingModule: ServerModule = {
  name: 'billing',
  urlPrefixes: ['/api/plans', '/api/payments', '/api/businesses/me/subscription', '/api/admin/plans'],
  async routes(app, options) {
    await app.register(planAdminRoutes, options);
    await app.register(paymentRoutes, options);
    await app.register(subscriptionRoutes, options);
  },
};

export { type PaymentProvider } from './payment-provider';
export { listAdminPlans } from './plan-admin';
export { findPlan, listPlans } from './plans';
export { grantRegistrationPayment } from './registration-grant';
export { SandboxPaymentProvider } from './sandbox-provider';
