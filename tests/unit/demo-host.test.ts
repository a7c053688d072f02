import { describe, expect, it } from 'vitest';
import { TEST_CERTIFICATE_SIGNING_KEY } from '../helpers/certificate-key';
import { loadConfig } from '../../src/server/env';
import { startMessage } from '../../src/server/start-message';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  AUDIT_SEAL_KEY: 'k'.repeat(40),
  CERTIFICATE_SIGNING_KEY: TEST_CERTIFICATE_SIGNING_KEY,
  PAYMENT_PROVIDER: 'sandbox',
  SMS_PROVIDER: 'sandbox',
};

// The attack: the demo's passwords are published in the README; a demo started on a laptop in a
// café used to listen on 0.0.0.0, so anyone on that network could sign in as demo-admin.
describe('HOST: demo mode stays on this machine unless HOST says otherwise', () => {
  it('demo mode (the default outside production) listens on 127.0.0.1 when HOST is unset', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' }).host).toBe('127.0.0.1');
  });

  it('HOST, when set, is kept in demo mode (HOST=0.0.0.0 opens it to the network)', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.7' }).host).toBe('10.0.0.7');
  });

  it('production (demo mode off) keeps 0.0.0.0', () => {
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_MODE: 'false' }).host).toBe('0.0.0.0');
  });

  it('the start line says demo mode is on 127.0.0.1 only and how to open it with HOST=0.0.0.0', () => {
    const message = startMessage(loadConfig({ PORT: '3000' }));
    expect(message).toContain('CreditCheck SL is running at http://localhost:3000 (database: PGlite in ./data, demo mode)');
    expect(message).toContain(
      'Demo mode listens on 127.0.0.1 only (its passwords are published): to open it to the network, start it with HOST=0.0.0.0.',
    );
  });

  it('the start line warns when demo mode is opened to the network, and says nothing of it in production', () => {
    expect(startMessage(loadConfig({ HOST: '0.0.0.0' }))).toContain('Demo mode is open to the network on 0.0.0.0');
    const production = startMessage(loadConfig(PRODUCTION));
    expect(production).toContain('CreditCheck SL is running at http://localhost:3000 (database: PGlite in ./data)');
    expect(production).not.toMatch(/Demo mode/);
  });
});
