import type { Database } from '../../../db/client';
import { smsOutbox } from '../../../db/schema/index';

export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
  /** What it is for (identity_code, ...), kept in the outbox. */
  purpose: string;
  userId?: string | null;
  /** A one-time code inside the body: only the sandbox, whose outbox is its delivery, keeps it readable. */
  secret?: string;
}

/** The outbox row of a message, and whether the provider took it (a failure is recorded, never thrown). */
export interface SmsSent {
  id: string;
  status: 'sent' | 'failed';
}

/**
 * The text an outbox row keeps of a message: a real provider delivers the message, so its record
 * never holds the code in plain text; the sandbox's outbox is the only way its codes arrive.
 */
export function outboxBodyOf(message: SmsMessage, providerName: string): string {
  if (providerName === 'sandbox' || !message.secret) return message.body;
  return message.body.replaceAll(message.secret, '•'.repeat(message.secret.length));
}

/**
 * Sends text messages. The sandbox is the default: it only writes the outbox table. A real gateway
 * (an aggregator serving Orange, Africell and Qcell) plugs in behind the same interface and also
 * records each message in the outbox, so support can see what was sent: Africa's Talking
 * (africastalking-provider.ts, decisions/046).
 */
export interface SmsProvider {
  readonly name: string;
  /** Runs inside the caller's transaction: a message is recorded only if the code it carries is stored. */
  send(db: Database, message: SmsMessage): Promise<SmsSent>;
}

/**
 * Every provider's record of a message in sms_outbox (codes masked unless the sandbox is the
 * delivery: outboxBodyOf), with what the gateway answered when there is one.
 */
export async function recordInOutbox(
  db: Database,
  message: SmsMessage,
  providerName: string,
  delivery: { providerMessageId: string | null; failureReason: string | null } = { providerMessageId: null, failureReason: null },
): Promise<SmsSent> {
  const status = delivery.failureReason === null ? 'sent' : 'failed';
  const [row] = await db
    .insert(smsOutbox)
    .values({
      toPhone: message.to,
      body: outboxBodyOf(message, providerName),
      provider: providerName,
      purpose: message.purpose,
      userId: message.userId ?? null,
      providerMessageId: delivery.providerMessageId,
      status,
      failureReason: delivery.failureReason,
    })
    .returning({ id: smsOutbox.id });
  return { id: row.id, status };
}
