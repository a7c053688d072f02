import { describe, expect, it } from 'vitest';
import { EnvironmentError, loadConfig } from '../../src/server/env';

describe('loadConfig', () => {
  it('starts with sensible defaults: port 3000, PGlite in ./data, demo mode on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, demoMode: true, nodeEnv: 'development' });
  });

  it('turns demo mode off by default in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), AUDIT_SEAL_KEY: 'k'.repeat(40) });
    expect(config.demoMode).toBe(false);
    expect(config.isProduction).toBe(true);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('requires AUDIT_SEAL_KEY in production, of at least 32 characters, and never echoes it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/AUDIT_SEAL_KEY is required in production/);
    expect(() => loadConfig({ AUDIT_SEAL_KEY: 'short-secret-key' })).toThrow(/AUDIT_SEAL_KEY must be at least 32 characters \(got "…"\)/);
    const config = loadConfig({ DATA_DIR: '/var/lib/ccsl', AUDIT_SEAL_KEY: 'k'.repeat(40) });
    expect(config).toMatchObject({ auditSealKey: 'k'.repeat(40), auditHeadFile: '/var/lib/ccsl/audit-seal-heads.jsonl' });
  });

  it('names every bad variable in one message', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEMO_MODE: 'maybe', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvironmentError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT must be a whole number between 1 and 65535 \(got "abc"\)/);
      expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection string/);
      expect(message).toMatch(/DEMO_MODE must be true or false/);
      expect(message).toMatch(/NODE_ENV must be development, production or test/);
      expect(message).not.toContain('mysql://x');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('accepts DEMO_MODE=false and a PostgreSQL URL', () => {
    const config = loadConfig({ DEMO_MODE: 'false', DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config.demoMode).toBe(false);
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/db');
  });
});
