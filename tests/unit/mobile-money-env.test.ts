import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/env';

/** MOBILE_MONEY and the providers' settings (src/server/env-mobile-money.ts, decisions/046). */
const ORANGE = {
  ORANGE_MONEY_CLIENT_ID: 'id',
  ORANGE_MONEY_CLIENT_SECRET: 'orange-client-secret',
  ORANGE_MONEY_MERCHANT_KEY: 'merchant-key',
};
const AFRIMONEY = {
  AFRIMONEY_BASE_URL: 'https://afrimoney.example/api/',
  AFRIMONEY_API_KEY: 'afrimoney-api-key',
  AFRIMONEY_MERCHANT_ID: 'CCSL001',
  AFRIMONEY_WEBHOOK_SECRET: 'w'.repeat(40),
};

describe('MOBILE_MONEY', () => {
  it('is the sandbox in demo mode and off in production by default', () => {
    expect(loadConfig({}).mobileMoney).toEqual({ mode: 'sandbox', providers: ['orange_money', 'afrimoney'] });
    expect(loadConfig({}).sandboxProviders).toContain('payments');
    expect(loadConfig({ DEMO_MODE: 'false' }).mobileMoney).toEqual({ mode: 'off', providers: [] });
    expect(loadConfig({ MOBILE_MONEY: 'off' }).mobileMoney.mode).toBe('off');
  });

  it('takes the real providers with their settings and PUBLIC_URL, beside any card provider', () => {
    const config = loadConfig({ MOBILE_MONEY: 'orange_money, afrimoney', PUBLIC_URL: 'https://creditcheck.sl', ...ORANGE, ...AFRIMONEY });
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.mobileMoney).toMatchObject({
      mode: 'live',
      providers: ['orange_money', 'afrimoney'],
      orangeMoney: {
        clientId: 'id',
        merchantKey: 'merchant-key',
        baseUrl: 'https://api.orange.com',
        webpayPath: '/orange-money-webpay/sl/v1',
      },
      afrimoney: { baseUrl: 'https://afrimoney.example/api', merchantId: 'CCSL001' },
    });
  });

  it('names every setting a chosen provider lacks, and never echoes a secret', () => {
    expect(() => loadConfig({ MOBILE_MONEY: 'orange_money', PUBLIC_URL: 'https://creditcheck.sl' })).toThrow(
      /ORANGE_MONEY_CLIENT_ID is required when MOBILE_MONEY names orange_money[\s\S]*ORANGE_MONEY_MERCHANT_KEY is required/,
    );
    expect(() => loadConfig({ MOBILE_MONEY: 'afrimoney', ...AFRIMONEY })).toThrow(
      /PUBLIC_URL is required when MOBILE_MONEY names a provider/,
    );
    let message = '';
    try {
      loadConfig({
        MOBILE_MONEY: 'afrimoney',
        PUBLIC_URL: 'https://creditcheck.sl',
        ...AFRIMONEY,
        AFRIMONEY_WEBHOOK_SECRET: 'short-secret',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/AFRIMONEY_WEBHOOK_SECRET must be at least 32 characters \(got "…"\)/);
    expect(message).not.toContain('short-secret');
  });

  it('refuses an unknown provider name', () => {
    expect(() => loadConfig({ MOBILE_MONEY: 'orange_money,mpesa' })).toThrow(
      /MOBILE_MONEY must be off, sandbox, or a comma-separated list/,
    );
  });
});
