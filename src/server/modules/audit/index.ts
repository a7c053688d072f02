import type { ServerModule } from '../../lib/server-module';
import { auditRoutes } from './routes';

/**
 * The audit log: recording events, sealing them into a hash chain, verifying it and publishing seal heads.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const auditModule: ServerModule = {
  name: 'audit',
  urlPrefixes: ['/api/admin/audit', '/api/regulators/audit'],
  async routes(app, options) {
    await app.register(auditRoutes, options);
  },
};

export { publishSealHeads } from './heads';
export { auditContextOf, auditEventRow, recordAuditEvent, recordAuditEvents, type AuditContext, type AuditEventInput } from './record';
export { MAX_EVENTS_PER_SEAL, sealPendingEvents } from './seal';
export { auditSealingOf, type AuditSealing } from './sealing';
export { verifyAuditLog } from './verify';
