import { DEVELOPMENT_AUDIT_SEAL_KEY, type AppConfig } from '../../env';

/** What sealing and verification need that is not in the database (decisions/023). */
export interface AuditSealing {
  /** AUDIT_SEAL_KEY: keys every new seal; an insider with the database but not the key cannot forge one. */
  key: string;
  /** AUDIT_HEAD_FILE: every new seal head is appended here, outside the database; absent: none kept. */
  headFile?: string;
}

/** Outside production only: the fixed development key, no head file. */
export const DEVELOPMENT_SEALING: AuditSealing = { key: DEVELOPMENT_AUDIT_SEAL_KEY };

export function auditSealingOf(config: Pick<AppConfig, 'auditSealKey' | 'auditHeadFile'>): AuditSealing {
  return { key: config.auditSealKey, headFile: config.auditHeadFile };
}
