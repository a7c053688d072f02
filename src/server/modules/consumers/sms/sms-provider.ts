import type { Database } from '../../../db/client';

export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
  /** What it is for (identity_code, ...), kept in the outbox. */
  purpose: string;
  userId?: string | null;
}

/**
 * Sends text messages. The sandbox is the default: it only writes the outbox table. A real gateway
 * (an aggregator serving Orange, Africell and Qcell) plugs in behind the same interface and also
 * records each message in the outbox, so support can see what was sent.
 */
export interface SmsProvider {
  readonly name: string;
  /** Runs inside the caller's transaction: a message is recorded only if the code it carries is stored. */
  send(db: Database, message: SmsMessage): Promise<{ id: string }>;
}
