import { z } from 'zod';

/**
 * A USSD PIN (decisions/044): exactly four digits, and not one anyone would try first: the same digit
 * four times (0000, 1111...) or four in a row up or down (1234, 6789, 4321...).
 */
export function isGuessablePin(pin: string): boolean {
  if (/^(\d)\1{3}$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

export const USSD_PIN_FORMAT_MESSAGE = 'Your PIN must be exactly 4 digits.';
export const USSD_PIN_GUESSABLE_MESSAGE = 'This PIN is too easy to guess (like 1234 or 1111). Choose four other digits.';

export const ZUssdPinRequestSchema = z.object({
  pin: z
    .string({ error: USSD_PIN_FORMAT_MESSAGE })
    .regex(/^\d{4}$/, { error: USSD_PIN_FORMAT_MESSAGE })
    .refine((pin) => !isGuessablePin(pin), { error: USSD_PIN_GUESSABLE_MESSAGE }),
});
export type TUssdPinRequest = z.infer<typeof ZUssdPinRequestSchema>;

/** The USSD aggregator's callback (Africa's Talking form fields). */
export const ZUssdCallbackSchema = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).min(1, { error: 'sessionId is required' }).max(128),
  serviceCode: z.string().max(64).default(''),
  phoneNumber: z.string({ error: 'phoneNumber is required' }).min(1, { error: 'phoneNumber is required' }).max(32),
  text: z.string().max(256).default(''),
});
export type TUssdCallback = z.infer<typeof ZUssdCallbackSchema>;

/** The demo simulator's request: the same fields as JSON, the reply as `{reply}` ("CON ..." or "END ..."). */
export const ZUssdSimulatorRequestSchema = ZUssdCallbackSchema;
export const ZUssdSimulatorReplySchema = z.object({ reply: z.string() });
export type TUssdSimulatorReply = z.infer<typeof ZUssdSimulatorReplySchema>;

/** The longest USSD screen: 182 characters, "CON " or "END " included. */
export const USSD_MAX_CHARS = 182;
