import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const ZEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int({ error: 'must be a whole number between 1 and 65535' })
      .min(1, { error: 'must be a whole number between 1 and 65535' })
      .max(65535, { error: 'must be a whole number between 1 and 65535' })
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1, { error: 'must be a folder path' }).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// connection string' })
      .optional(),
    /** PostgreSQL: the tables' owner, for migrations and seeding at start; DATABASE_URL can then be a role that owns no table (docs/operations.md). */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// connection string' })
      .optional(),
    /** Keys the audit log's seals (decisions/023); never stored in the database. */
    AUDIT_SEAL_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Where every new audit seal head is appended, outside the database. Default: DATA_DIR/audit-seal-heads.jsonl. */
    AUDIT_HEAD_FILE: z.string().min(1, { error: 'must be a file path' }).optional(),
    DATABASE_POOL_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(200).default(10),
    DEMO_MODE: booleanText.optional(),
    SESSION_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level' }).default('info'),
    /** Sign-in attempts allowed per address per minute on each login route. */
    LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
    /** Off only for tests and one-off commands: sealing the audit log, renewals and deadlines run here. */
    SCHEDULED_JOBS: booleanText.default(true),
    /** Shared rate-limit counters for several instances. */
    REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' }).optional(),
    /** When set, /metrics requires `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** Seconds a shutdown waits for requests in flight before closing anyway. */
    /** How often daily jobs check whether today's run is done (they run once a day whatever this is). */
    JOBS_CHECK_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(86_400).default(300),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. Default on in production. */
    TRUST_PROXY: booleanText.optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(300).default(25),
    /** Outgoing mail (staff invitations): smtp://user:pass@host:587 or smtps://...; without it, links are shown to the administrator. */
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('CreditCheck SL <no-reply@creditcheck.sl>'),
    /** The address people open the app at, for links in emails (e.g. https://creditcheck.sl). */
    PUBLIC_URL: z.string().regex(/^https?:\/\/[^/]+$/, { error: 'must be an http(s):// origin without a path, e.g. https://creditcheck.sl' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production and must be at least 32 characters' });
    }
    if (env.NODE_ENV === 'production' && !env.AUDIT_SEAL_KEY) {
      ctx.addIssue({ code: 'custom', path: ['AUDIT_SEAL_KEY'], message: 'is required in production and must be at least 32 characters' });
    }
    if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be at least 32 characters' });
    }
  });

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  /** PostgreSQL only: the owner's connection, used for migrations and seeding; absent: DATABASE_URL does both. */
  databaseOwnerUrl?: string;
  auditSealKey: string;
  /** Absent in tests unless set: no seal heads kept outside the database. */
  auditHeadFile?: string;
  demoMode: boolean;
  sessionSecret: string;
  logLevel: string;
  loginRateLimit: number;
  runScheduledJobs: boolean;
  redisUrl?: string;
  metricsToken?: string;
  shutdownGraceSeconds: number;
  jobsCheckSeconds: number;
  trustProxy: boolean;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
}

// Only used outside production, where a fixed secret is harmless: sessions live in the database.
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-not-for-production';
// Outside production only: anyone can read it here, so seals made with it prove nothing.
export const DEVELOPMENT_AUDIT_SEAL_KEY = 'development-only-audit-seal-key-not-for-production';

export class EnvironmentError extends Error {}

/** Reads and checks the environment; throws one error that names every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const isSecret = ['SESSION_SECRET', 'AUDIT_SEAL_KEY', 'DATABASE_OWNER_URL', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN', 'SMTP_URL'].includes(name);
      const got = name in present ? ` (got "${isSecret ? '…' : present[name]}")` : '';
      return `  ${name} ${issue.message}${got}`;
    });
    throw new EnvironmentError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    auditSealKey: env.AUDIT_SEAL_KEY ?? DEVELOPMENT_AUDIT_SEAL_KEY,
    auditHeadFile: env.AUDIT_HEAD_FILE ?? (env.NODE_ENV === 'test' ? undefined : `${env.DATA_DIR.replace(/\/+$/, '')}/audit-seal-heads.jsonl`),
    demoMode: env.DEMO_MODE ?? env.NODE_ENV !== 'production',
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    logLevel: env.LOG_LEVEL,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    runScheduledJobs: env.SCHEDULED_JOBS,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    jobsCheckSeconds: env.JOBS_CHECK_SECONDS,
    trustProxy: env.TRUST_PROXY ?? env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
  };
}
