import type { ServerModule } from '../../lib/server-module';
import { notificationRoutes } from './routes';
import { sandboxSmsRoutes } from './sandbox-sms-routes';
import { smsRoutes } from './sms-routes';

/**
 * In-app notifications, e-mail notices, SMS providers, their callbacks and SMS alerts (decisions/046).
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  urlPrefixes: ['/api/notifications', '/api/admin/sandbox', '/api/sms', '/api/consumers/me/sms-alerts'],
  async routes(app, options) {
    await app.register(notificationRoutes, options);
    await app.register(sandboxSmsRoutes, options);
    await app.register(smsRoutes, options);
  },
};

export { scanConsumerAlerts } from './consumer-alerts';
export { sendPendingNotificationEmails } from './email';
export { notify, type NewNotification } from './service';
export { notifyPeopleOnFiles } from './people-on-file';
export { SandboxSmsProvider } from './sms/sandbox-sms-provider';
export { type SmsProvider, type SmsSent } from './sms/sms-provider';
export { AfricasTalkingSmsProvider } from './sms/africastalking-provider';
export { runSmsAlerts, sendAlertSms, smsAlertText } from './sms/sms-alerts';
