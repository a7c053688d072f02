import type { Database } from '../../../db/client';
import { smsOutbox } from '../../../db/schema/index';
import { outboxBodyOf, type SmsMessage, type SmsProvider, type SmsSent } from './sms-provider';

/** Delivers nothing: each message is a row of sms_outbox, where tests (and, in demo mode, administrators) read it. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';

  async send(db: Database, message: SmsMessage): Promise<SmsSent> {
    const [row] = await db
      .insert(smsOutbox)
      .values({
        toPhone: message.to,
        body: outboxBodyOf(message, this.name),
        provider: this.name,
        purpose: message.purpose,
        userId: message.userId ?? null,
      })
      .returning({ id: smsOutbox.id });
    return { id: row.id, status: 'sent' };
  }
}
