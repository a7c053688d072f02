import { describe, expect, it } from 'vitest';
import { loadConfig, parseAddressList } from '../../src/server/env';

// The USSD aggregator's settings (decisions/044), in the manner of env.test.ts.
describe('USSD_SHARED_SECRET and USSD_ALLOWED_IPS', () => {
  it('are unset by default: no secret, any address', () => {
    const config = loadConfig({});
    expect(config.ussdSharedSecret).toBeUndefined();
    expect(config.ussdAllowedIps).toEqual([]);
  });

  it('takes a secret of at least 16 characters and never prints it', () => {
    expect(loadConfig({ USSD_SHARED_SECRET: 's'.repeat(16) }).ussdSharedSecret).toBe('s'.repeat(16));
    expect(() => loadConfig({ USSD_SHARED_SECRET: 'short-secret' })).toThrow(
      /USSD_SHARED_SECRET must be at least 16 characters \(got "…"\)/,
    );
  });

  it('takes addresses and CIDRs, IPv4 and IPv6, and refuses anything else naming the variable', () => {
    expect(loadConfig({ USSD_ALLOWED_IPS: '196.201.214.0/24, 10.0.0.5,2001:db8::/32' }).ussdAllowedIps).toEqual([
      '196.201.214.0/24',
      '10.0.0.5',
      '2001:db8::/32',
    ]);
    expect(() => loadConfig({ USSD_ALLOWED_IPS: 'aggregator.example' })).toThrow(/USSD_ALLOWED_IPS must be IP addresses or CIDRs/);
    expect(() => loadConfig({ USSD_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(/USSD_ALLOWED_IPS/);
    expect(parseAddressList(' , ')).toBeNull();
  });
});
