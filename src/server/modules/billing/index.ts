import type { ServerModule } from '../../lib/server-module';
import { planAdminRoutes } from './admin-routes';
import { mobileMoneyRoutes } from './mobile-money-routes';
import { paymentRoutes } from './routes';
import { subscriptionRoutes } from './subscription-routes';

/**
 * Plans, card and mobile money payments, subscriptions and invoices.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const billingModule: ServerModule = {
  name: 'billing',
  urlPrefixes: ['/api/plans', '/api/payments', '/api/businesses/me/subscription', '/api/admin/plans'],
  async routes(app, options) {
    await app.register(planAdminRoutes, options);
    await app.register(paymentRoutes, options);
    await app.register(mobileMoneyRoutes, options);
    await app.register(subscriptionRoutes, options);
  },
};

export { AfrimoneyProvider } from './afrimoney-provider';
export { type MobileMoneyProvider, type MobileMoneyProviders } from './mobile-money-provider';
export { OrangeMoneyProvider } from './orange-money-provider';
export { type PaymentProvider } from './payment-provider';
export { listAdminPlans } from './plan-admin';
export { findPlan, listPlans, planCatalogue } from './plans';
export { grantRegistrationPayment } from './registration-grant';
export { SandboxMobileMoneyProvider } from './sandbox-mobile-money';
export { SandboxPaymentProvider } from './sandbox-provider';
