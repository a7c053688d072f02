import type { AppConfig } from '../../env';
import { checkCallbackCaller, type CallerCheck } from '../../lib/callback-caller';

/**
 * Who may call POST /api/ussd (decisions/044): the aggregator only. USSD_SHARED_SECRET in the
 * `X-USSD-Secret` header or the `secret` query parameter (Africa's Talking and most aggregators only
 * let the bureau type a callback URL); USSD_ALLOWED_IPS, when set, lists the addresses. No secret:
 * refused in production (the channel is closed until it is configured), open in demo mode.
 */
export type UssdCallerCheck = CallerCheck;

export function ussdCallerCheck(
  config: Pick<AppConfig, 'ussdSharedSecret' | 'ussdAllowedIps' | 'demoMode' | 'isProduction'>,
  request: { ip: string; headers: Record<string, string | string[] | undefined>; query: unknown },
): UssdCallerCheck {
  return checkCallbackCaller(
    {
      secret: config.ussdSharedSecret,
      allowedIps: config.ussdAllowedIps,
      secretHeader: 'x-ussd-secret',
      isOpenWithoutSecret: config.demoMode && !config.isProduction,
    },
    request,
  );
}
