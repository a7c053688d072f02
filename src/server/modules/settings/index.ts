import type { ServerModule } from '../../lib/server-module';
import { settingsRoutes } from './routes';

/**
 * System settings the administrator changes (deadlines, retention, exchange rate, lockout).
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  urlPrefixes: ['/api/admin/settings'],
  async routes(app, options) {
    await app.register(settingsRoutes, options);
  },
};

export { readSetting, SETTING_DEFAULTS, writeSetting, type SettingKey } from './service';
