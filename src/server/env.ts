import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { areEd25519PublicKeys, isEd25519PrivateKey } from './lib/ed25519-keys';
import { SMS_GATEWAY_ENV, SMS_GATEWAY_SECRETS, smsGatewayConfigOf, smsGatewayIssues, type SmsGatewayConfig } from './env-sms';
import {
  checkMobileMoneyEnv,
  MOBILE_MONEY_ENV_SHAPE,
  MOBILE_MONEY_SECRET_NAMES,
  mobileMoneyConfigOf,
  type MobileMoneyConfig,
} from './env-mobile-money';

/** The payment and SMS providers this build can use (a real one joins these lists with its adapter). */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export const SMS_PROVIDERS = ['sandbox', 'africastalking'] as const;
export type TPaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type TSmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * A comma-separated list of IP addresses or CIDRs (TRUST_PROXY, USSD_ALLOWED_IPS, SMS_CALLBACK_ALLOWED_IPS); null when an entry is neither.
 */
export function parseAddressList(value: string): string[] | null {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const isAddressOrCidr = (entry: string) => {
    const [address, prefix, extra] = entry.split('/');
    if (extra !== undefined || isIP(address) === 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
  };
  return entries.every(isAddressOrCidr) ? entries : null;
}

/**
 * TRUST_PROXY as Fastify takes it: off → false; a whole number → that many hops; otherwise a
 * comma-separated list of IP addresses or CIDRs. "true" (believe everyone) is refused: null.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (['false', 'off', 'no', 'none', '0'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  return parseAddressList(text);
}

/** An address to listen on: an IP address, or a host name (letters, digits, hyphens, dots). */
export function isListenAddress(value: string): boolean {
  if (isIP(value) !== 0) return true;
  return (
    value.length <= 253 && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value)
  );
}

/**
 * Why DATA_DIR cannot hold the data (null: it can, or it will be created): a file where the folder
 * or one of its parents should be, or a folder this process may not write to. Checked at start so
 * the error names the variable, not only the path the database failed to open.
 */
export function dataDirProblem(dir: string): string | null {
  if (dir.startsWith('memory://')) return null;
  let path = resolve(dir);
  for (;;) {
    let stat;
    try {
      stat = statSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(path) !== path) {
        path = dirname(path);
        continue;
      }
      return null;
    }
    if (!stat.isDirectory()) return `must be a folder, but ${path} is a file`;
    if (path !== resolve(dir)) return null;
    try {
      accessSync(path, constants.W_OK);
      return null;
    } catch {
      return 'must be a folder this process can write to';
    }
  }
}

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
    /** Unset: 127.0.0.1 in demo mode (its passwords are published), 0.0.0.0 otherwise. */
    HOST: z
      .string()
      .min(1)
      .refine(isListenAddress, { error: 'must be an IP address or a host name to listen on, such as 127.0.0.1, 0.0.0.0 or ::' })
      .optional(),
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
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level' })
      .default('info'),
    /** Sign-in attempts allowed per address per minute on each login route. */
    LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
    /** Registrations (business or consumer) allowed per address per 15 minutes on each registration route. */
    REGISTRATION_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
    /** Off only for tests and one-off commands: sealing the audit log, renewals and deadlines run here. */
    SCHEDULED_JOBS: booleanText.default(true),
    /** Off only for tests that look at a file while it waits: the queue that applies monthly files (decisions/033). */
    SUBMISSION_WORKER: booleanText.default(true),
    /** Shared rate-limit counters for several instances. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    /** When set, /metrics requires `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /**
     * The secret the USSD aggregator sends with every callback (header X-USSD-Secret or ?secret=, decisions/044).
     * Unset in production: POST /api/ussd refuses every caller. Unset in demo mode: the simulator may call it.
     */
    USSD_SHARED_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** The aggregator's addresses or CIDRs (comma-separated); set: POST /api/ussd refuses any other address. */
    USSD_ALLOWED_IPS: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseAddressList(value);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: 'must be IP addresses or CIDRs, comma-separated (e.g. 196.201.214.0/24,10.0.0.5)' });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /** Seconds a shutdown waits for requests in flight before closing anyway. */
    /** How often daily jobs check whether today's run is done (they run once a day whatever this is). */
    JOBS_CHECK_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(86_400).default(300),
    /**
     * Behind a reverse proxy: the proxy's addresses or CIDRs (comma-separated), or how many proxies
     * stand in front (a hop count); only then is X-Forwarded-For believed. Unset: trust none.
     */
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be the proxy\'s addresses or CIDRs (e.g. 10.0.0.5,10.0.1.0/24), a hop count (1), or off; "true" would believe any client\'s X-Forwarded-For',
          });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /** Who takes card payments; required in production ("sandbox" only for a staging server, and every page then says so). */
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS, { error: `must be one of: ${PAYMENT_PROVIDERS.join(', ')}` }).optional(),
    /** Who sends text messages; required in production, as PAYMENT_PROVIDER. */
    SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: `must be one of: ${SMS_PROVIDERS.join(', ')}` }).optional(),
    /** Mobile money wallets for subscriptions, beside the card (env-mobile-money.ts, decisions/046). */
    ...MOBILE_MONEY_ENV_SHAPE,
    ...SMS_GATEWAY_ENV,
    SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(300).default(25),
    /** Outgoing mail (staff invitations): smtp://user:pass@host:587 or smtps://...; without it, links are shown to the administrator. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('CreditCheck SL <no-reply@creditcheck.sl>'),
    /** The address people open the app at, for links in emails (e.g. https://creditcheck.sl). */
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+$/, { error: 'must be an http(s):// origin without a path, e.g. https://creditcheck.sl' })
      .optional(),
    /** The bureau's Ed25519 private key signing clearance certificates (PEM, or base64 of the PKCS#8 DER); required in production (decisions/045). */
    CERTIFICATE_SIGNING_KEY: z
      .string()
      .refine(isEd25519PrivateKey, {
        error: 'must be an Ed25519 private key: PEM, or base64 of its PKCS#8 DER (openssl genpkey -algorithm ed25519)',
      })
      .optional(),
    /** Public keys of signing keys retired by a rotation: certificates they signed still verify (decisions/045). */
    CERTIFICATE_RETIRED_PUBLIC_KEYS: z
      .string()
      .refine(areEd25519PublicKeys, {
        error: 'must be Ed25519 public keys: PEM blocks one after another, or base64 of SPKI DER separated by commas',
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production and must be at least 32 characters' });
    }
    if (env.NODE_ENV === 'production' && !env.CERTIFICATE_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['CERTIFICATE_SIGNING_KEY'],
        message: 'is required in production: the Ed25519 private key signing clearance certificates',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUDIT_SEAL_KEY) {
      ctx.addIssue({ code: 'custom', path: ['AUDIT_SEAL_KEY'], message: 'is required in production and must be at least 32 characters' });
    }
    for (const name of ['PAYMENT_PROVIDER', 'SMS_PROVIDER'] as const) {
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required in production: name the provider (sandbox only on a staging server, where every page then says so)',
        });
      }
    }
    checkMobileMoneyEnv(env, ctx);
    for (const issue of smsGatewayIssues(env)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    // DATA_DIR holds the PGlite database and, by default, the audit seal heads: checked when used.
    if (!env.DATABASE_URL || !env.AUDIT_HEAD_FILE) {
      const problem = dataDirProblem(env.DATA_DIR);
      if (problem) ctx.addIssue({ code: 'custom', path: ['DATA_DIR'], message: problem });
    }
    if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be at least 32 characters' });
    }
  });

export interface AppConfig extends SmsGatewayConfig {
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
  registrationRateLimit: number;
  runScheduledJobs: boolean;
  runSubmissionWorker: boolean;
  redisUrl?: string;
  metricsToken?: string;
  shutdownGraceSeconds: number;
  jobsCheckSeconds: number;
  /** Fastify's trustProxy: false (trust none), a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** The USSD aggregator's shared secret; absent: refused in production, open to the simulator in demo mode. */
  ussdSharedSecret?: string;
  /** The USSD aggregator's addresses or CIDRs; empty: any address (the secret still applies). */
  ussdAllowedIps: string[];
  paymentProvider: TPaymentProviderName;
  smsProvider: TSmsProviderName;
  /** Mobile money wallets (MOBILE_MONEY and the providers' settings): off, sandbox or live. */
  mobileMoney: MobileMoneyConfig;
  /** Providers that simulate (the sandbox): what the sandbox banner names. */
  sandboxProviders: ('payments' | 'sms')[];
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  /** Absent outside production: a key is generated once and kept in the database (decisions/045). */
  certificateSigningKey?: string;
  /** The public keys of earlier signing keys (CERTIFICATE_RETIRED_PUBLIC_KEYS), for certificates signed before a rotation. */
  certificateRetiredPublicKeys?: string;
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
      const isSecret = [
        'SESSION_SECRET',
        'AUDIT_SEAL_KEY',
        'DATABASE_OWNER_URL',
        'DATABASE_URL',
        'REDIS_URL',
        'METRICS_TOKEN',
        'USSD_SHARED_SECRET',
        'SMTP_URL',
        ...SMS_GATEWAY_SECRETS,
        ...MOBILE_MONEY_SECRET_NAMES,
        'CERTIFICATE_SIGNING_KEY',
      ].includes(name);
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
    // The demo's passwords are in the README: it stays on this machine unless HOST says otherwise.
    host: env.HOST ?? ((env.DEMO_MODE ?? env.NODE_ENV !== 'production') ? '127.0.0.1' : '0.0.0.0'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    auditSealKey: env.AUDIT_SEAL_KEY ?? DEVELOPMENT_AUDIT_SEAL_KEY,
    auditHeadFile:
      env.AUDIT_HEAD_FILE ?? (env.NODE_ENV === 'test' ? undefined : `${env.DATA_DIR.replace(/\/+$/, '')}/audit-seal-heads.jsonl`),
    demoMode: env.DEMO_MODE ?? env.NODE_ENV !== 'production',
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    logLevel: env.LOG_LEVEL,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    registrationRateLimit: env.REGISTRATION_RATE_LIMIT,
    runScheduledJobs: env.SCHEDULED_JOBS,
    runSubmissionWorker: env.SUBMISSION_WORKER,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    jobsCheckSeconds: env.JOBS_CHECK_SECONDS,
    trustProxy: env.TRUST_PROXY ?? false,
    ussdSharedSecret: env.USSD_SHARED_SECRET,
    ussdAllowedIps: env.USSD_ALLOWED_IPS ?? [],
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    smsProvider: env.SMS_PROVIDER ?? 'sandbox',
    ...smsGatewayConfigOf(env),
    mobileMoney: mobileMoneyConfigOf(env, env.DEMO_MODE ?? env.NODE_ENV !== 'production'),
    sandboxProviders: [
      ...((env.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox' || (env.MOBILE_MONEY ?? 'x') === 'sandbox' ? (['payments'] as const) : []),
      ...((env.SMS_PROVIDER ?? 'sandbox') === 'sandbox' ? (['sms'] as const) : []),
    ],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    certificateRetiredPublicKeys: env.CERTIFICATE_RETIRED_PUBLIC_KEYS,
  };
}
