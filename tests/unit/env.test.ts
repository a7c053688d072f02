import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CERTIFICATE_SIGNING_KEY } from '../helpers/certificate-key';
import { EnvironmentError, loadConfig } from '../../src/server/env';

describe('loadConfig', () => {
  it('starts with sensible defaults: port 3000, PGlite in ./data, demo mode on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, demoMode: true, nodeEnv: 'development' });
  });

  it('turns demo mode off by default in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      AUDIT_SEAL_KEY: 'k'.repeat(40),
      CERTIFICATE_SIGNING_KEY: TEST_CERTIFICATE_SIGNING_KEY,
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'sandbox',
    });
    expect(config.demoMode).toBe(false);
    expect(config.isProduction).toBe(true);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('requires AUDIT_SEAL_KEY in production, of at least 32 characters, and never echoes it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /AUDIT_SEAL_KEY is required in production/,
    );
    expect(() => loadConfig({ AUDIT_SEAL_KEY: 'short-secret-key' })).toThrow(/AUDIT_SEAL_KEY must be at least 32 characters \(got "…"\)/);
    const config = loadConfig({ DATA_DIR: '/var/lib/ccsl', AUDIT_SEAL_KEY: 'k'.repeat(40) });
    expect(config).toMatchObject({ auditSealKey: 'k'.repeat(40), auditHeadFile: '/var/lib/ccsl/audit-seal-heads.jsonl' });
  });

  it('requires CERTIFICATE_SIGNING_KEY in production, an Ed25519 private key (PEM or base64 DER), never echoed', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), AUDIT_SEAL_KEY: 'k'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/CERTIFICATE_SIGNING_KEY is required in production/);
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: 'not-a-key-'.repeat(6) })).toThrow(
      /CERTIFICATE_SIGNING_KEY must be an Ed25519 private key[^\n]*\(got "…"\)/,
    );
    const der = TEST_CERTIFICATE_SIGNING_KEY.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(loadConfig({ CERTIFICATE_SIGNING_KEY: der }).certificateSigningKey).toBe(der);
  });

  it('reads CERTIFICATE_RETIRED_PUBLIC_KEYS: Ed25519 public keys as PEM blocks or base64 SPKI DER; refuses a private or another kind of key', () => {
    const pems = [0, 1].map(() => generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(loadConfig({ CERTIFICATE_RETIRED_PUBLIC_KEYS: pems.join('') }).certificateRetiredPublicKeys).toBe(pems.join(''));
    expect(() => loadConfig({ CERTIFICATE_RETIRED_PUBLIC_KEYS: pems.join('').replace(/\n/g, '\\n') })).not.toThrow();
    const ders = pems.map((pem) => createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64'));
    expect(() => loadConfig({ CERTIFICATE_RETIRED_PUBLIC_KEYS: ders.join(', ') })).not.toThrow();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const bad of [rsa, TEST_CERTIFICATE_SIGNING_KEY, 'not a key', `${pems[0]}${rsa}`]) {
      expect(() => loadConfig({ CERTIFICATE_RETIRED_PUBLIC_KEYS: bad }), bad.slice(0, 30)).toThrow(
        /CERTIFICATE_RETIRED_PUBLIC_KEYS must be Ed25519 public keys/,
      );
    }
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

  // Issue "Every credit file protected", item 5: with NODE_ENV=production a card payment was accepted
  // by the sandbox and SMS codes sat in plain text, because nothing named the providers.
  it('refuses to start production without PAYMENT_PROVIDER and SMS_PROVIDER, and takes sandbox only when named', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      AUDIT_SEAL_KEY: 'k'.repeat(40),
      CERTIFICATE_SIGNING_KEY: TEST_CERTIFICATE_SIGNING_KEY,
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER is required in production[\s\S]*SMS_PROVIDER is required in production/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'stripe-ish', SMS_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER must be one of: sandbox/,
    );
    const staging = loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'sandbox' });
    expect(staging.sandboxProviders).toEqual(['payments', 'sms']);
    // Outside production the sandbox stays the default.
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
  });

  // Item 6: `trustProxy: true` in production let 30 spoofed X-Forwarded-For addresses make 30 sign-in
  // attempts with no 429. TRUST_PROXY now names the proxies (or a hop count); unset trusts none.
  it('TRUST_PROXY: unset trusts nobody, takes addresses, CIDRs or a hop count, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        AUDIT_SEAL_KEY: 'k'.repeat(40),
        CERTIFICATE_SIGNING_KEY: TEST_CERTIFICATE_SIGNING_KEY,
        PAYMENT_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'sandbox',
      }).trustProxy,
    ).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.30.0.0/24,::1' }).trustProxy).toEqual(['10.0.0.5', '172.30.0.0/24', '::1']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/40', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be the proxy's addresses or CIDRs/);
    }
  });

  it('SMS_PROVIDER=africastalking needs AT_USERNAME, AT_API_KEY and SMS_CALLBACK_SECRET, never echoes the key or the secret', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'africastalking' })).toThrow(
      /AT_USERNAME is required when SMS_PROVIDER is africastalking[\s\S]*AT_API_KEY is required[\s\S]*SMS_CALLBACK_SECRET is required/,
    );
    const short = () => loadConfig({ SMS_PROVIDER: 'africastalking', AT_USERNAME: 'ccsl', AT_API_KEY: 'abc', SMS_CALLBACK_SECRET: 'tiny' });
    expect(short).toThrow(
      /AT_API_KEY must be the API key[^\n]*\(got "…"\)[\s\S]*SMS_CALLBACK_SECRET must be at least 24 characters \(got "…"\)/,
    );
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'africastalking',
        AT_USERNAME: 'ccsl',
        AT_API_KEY: 'k'.repeat(20),
        SMS_CALLBACK_SECRET: 's'.repeat(24),
        SMS_CALLBACK_ALLOWED_IPS: 'gateway.local',
      }),
    ).toThrow(/SMS_CALLBACK_ALLOWED_IPS must be IP addresses or CIDRs/);
    const config = loadConfig({
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: 'ccsl',
      AT_API_KEY: 'k'.repeat(20),
      AT_SENDER_ID: 'CCSL',
      SMS_CALLBACK_SECRET: 's'.repeat(24),
      SMS_CALLBACK_ALLOWED_IPS: '196.201.214.0/24, 10.0.0.5',
    });
    expect(config.africasTalking).toEqual({
      username: 'ccsl',
      apiKey: 'k'.repeat(20),
      senderId: 'CCSL',
      baseUrl: 'https://api.africastalking.com',
    });
    expect(config.smsCallback).toEqual({ secret: 's'.repeat(24), allowedIps: ['196.201.214.0/24', '10.0.0.5'] });
    expect(config.sandboxProviders).toEqual(['payments']);
    // The sandbox needs none of them.
    expect(loadConfig({}).africasTalking).toBeUndefined();
  });
});
