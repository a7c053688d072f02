import type { TRole } from '@shared/roles';
import type { Database, DatabaseHandle } from './db/client';
import type { AppConfig } from './env';

export interface SessionAuth {
  userId: string;
  role: TRole;
  sessionId: string;
  /** For role business: the business acted for (the owner's user id; a team member's employer). */
  businessId?: string | null;
  /** Set when the request was authorised by an Enterprise API key instead of a session. */
  apiKeyId?: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    database: DatabaseHandle;
  }
  interface FastifyRequest {
    /** The signed-in user, once the session plugin has looked the cookie up (null for a visitor). */
    auth: SessionAuth | null;
  }
}
