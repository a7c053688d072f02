import type { ServerModule } from '../../lib/server-module';
import { userAndInvitationRoutes } from './admin-routes';
import { businessPasswordRoutes } from './business-password-routes';
import { consumerPasswordRoutes } from './consumer-password-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { signInRoutes } from './sign-in-routes';
import { staffRoutes } from './staff-routes';

/**
 * Who may sign in: sign-in and sign-out for the four roles, sessions, passwords and their reset by code, staff accounts, invitations and the first administrator.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const accountsModule: ServerModule = {
  name: 'accounts',
  urlPrefixes: [
    '/api/businesses/login',
    '/api/businesses/logout',
    '/api/consumers/login',
    '/api/consumers/logout',
    '/api/admin/login',
    '/api/admin/logout',
    '/api/regulators/login',
    '/api/regulators/logout',
    '/api/admin/me',
    '/api/regulators/me',
    '/api/businesses/me/password',
    '/api/consumers/me/password',
    '/api/invitations',
    '/api/admin/invitations',
    '/api/admin/users',
    '/api/password-reset',
  ],
  async routes(app, options) {
    await app.register(userAndInvitationRoutes, options);
    await app.register(businessPasswordRoutes, options);
    await app.register(consumerPasswordRoutes, options);
    await app.register(passwordResetRoutes, options);
    await app.register(signInRoutes, options);
    await app.register(staffRoutes, options);
  },
};

export { installCommonPasswordCheck } from './common-passwords';
export { AdministratorRefused, checkNewAdministrator, createAdministrator } from './first-administrator';
export { hashPassword, verifyPassword } from './passwords';
export { deleteUserSessions, findActiveSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './sessions';
export { default as sessionsPlugin } from './session-plugin';
