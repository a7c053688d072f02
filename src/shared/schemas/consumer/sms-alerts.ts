import { z } from 'zod';

/** The consumer's text message alerts (GET/PUT /api/consumers/me/sms-alerts, decisions/046). */
export const ZSmsAlertsSchema = z.object({
  /** Alerts go to this phone unless it sent STOP or the person turned them off. */
  isOn: z.boolean(),
  /** The phone the person signs in with (E.164), where alerts go; null without one. */
  phone: z.string().nullable(),
  /** Alerts start once the identity is confirmed. */
  isIdentityVerified: z.boolean(),
});
export type TSmsAlerts = z.infer<typeof ZSmsAlertsSchema>;

export const ZSmsAlertsInputSchema = z.object({ isOn: z.boolean({ error: 'Choose on or off' }) });
export type TSmsAlertsInput = z.infer<typeof ZSmsAlertsInputSchema>;
