import type { AppConfig } from '../../../env';
import { checkCallbackCaller, type CallerCheck } from '../../../lib/callback-caller';

/**
 * Who may call the SMS provider's callbacks (POST /api/sms/delivery-reports, /api/sms/incoming;
 * decisions/046): SMS_CALLBACK_SECRET in the URL's `secret` query parameter (Africa's Talking signs
 * nothing and sends no header of ours) or `X-SMS-Secret`; SMS_CALLBACK_ALLOWED_IPS, when set, lists
 * the addresses. No secret configured: refused in production, open in demo mode.
 */
export type SmsCallerCheck = CallerCheck;

export function smsCallerCheck(
  config: Pick<AppConfig, 'smsCallback' | 'demoMode' | 'isProduction'>,
  request: { ip: string; headers: Record<string, string | string[] | undefined>; query: unknown },
): SmsCallerCheck {
  return checkCallbackCaller(
    {
      secret: config.smsCallback?.secret,
      allowedIps: config.smsCallback?.allowedIps ?? [],
      secretHeader: 'x-sms-secret',
      isOpenWithoutSecret: config.demoMode && !config.isProduction,
    },
    request,
  );
}
