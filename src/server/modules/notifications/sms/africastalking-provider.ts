import { z } from 'zod';
import type { Database } from '../../../db/client';
import { recordInOutbox, type SmsMessage, type SmsProvider, type SmsSent } from './sms-provider';

export interface AfricasTalkingSettings {
  username: string;
  apiKey: string;
  /** An approved alphanumeric sender id or short code; absent: the account's default. */
  senderId?: string;
  /** https://api.africastalking.com (live) or https://api.sandbox.africastalking.com. */
  baseUrl: string;
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
}

/** Statuses of a recipient the gateway took: 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102]);

const ZSendAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z
      .array(
        z.object({
          number: z.string().optional(),
          status: z.string(),
          statusCode: z.coerce.number(),
          messageId: z.string().optional(),
          cost: z.string().optional(),
        }),
      )
      .default([]),
  }),
});

type Attempt = { ok: true; messageId: string } | { ok: false; reason: string };

/**
 * Sends through Africa's Talking's SMS API (POST {base}/version1/messaging, a form with username,
 * to, message and from; the API key in the apiKey header) and records every message in the outbox,
 * as the sandbox does, with the gateway's message id; its delivery reports later fill in
 * `delivery_status` (sms-callback-routes.ts). One attempt, bounded by a timeout: a message that
 * fails is recorded as failed with the reason and never throws, so the request that sent it keeps
 * its data. Alerts are tried again by their job; a code is asked for again (decisions/046).
 */
export class AfricasTalkingSmsProvider implements SmsProvider {
  readonly name = 'africastalking';

  constructor(private readonly settings: AfricasTalkingSettings) {}

  async send(db: Database, message: SmsMessage): Promise<SmsSent> {
    const attempt = await this.post(message);
    return recordInOutbox(db, message, this.name, {
      providerMessageId: attempt.ok ? attempt.messageId : null,
      failureReason: attempt.ok ? null : attempt.reason.slice(0, 500),
    });
  }

  private async post(message: SmsMessage): Promise<Attempt> {
    const form = new URLSearchParams({ username: this.settings.username, to: message.to, message: message.body });
    if (this.settings.senderId) form.set('from', this.settings.senderId);
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.settings.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 8000),
      });
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        reason: isTimeout ? 'The SMS gateway did not answer in time' : `The SMS gateway could not be reached (${String(error)})`,
      };
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      return { ok: false, reason: `The SMS gateway refused the message: HTTP ${response.status} ${text.trim().slice(0, 200)}` };
    let answer: z.infer<typeof ZSendAnswer>;
    try {
      answer = ZSendAnswer.parse(JSON.parse(text));
    } catch {
      return { ok: false, reason: `The SMS gateway answered something unexpected: ${text.trim().slice(0, 200)}` };
    }
    const recipient = answer.SMSMessageData.Recipients[0];
    if (!recipient)
      return { ok: false, reason: `The SMS gateway sent nothing: ${answer.SMSMessageData.Message ?? 'no recipient in its answer'}` };
    if (!ACCEPTED_STATUS_CODES.has(recipient.statusCode) || !recipient.messageId || recipient.messageId === 'None')
      return { ok: false, reason: `The SMS gateway did not take the message: ${recipient.status} (${recipient.statusCode})` };
    return { ok: true, messageId: recipient.messageId };
  }
}
