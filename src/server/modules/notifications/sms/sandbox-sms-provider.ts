import type { Database } from '../../../db/client';
import { recordInOutbox, type SmsMessage, type SmsProvider, type SmsSent } from './sms-provider';

/** Delivers nothing: each message is a row of sms_outbox, where tests (and, in demo mode, administrators) read it. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';

  send(db: Database, message: SmsMessage): Promise<SmsSent> {
    return recordInOutbox(db, message, this.name);
  }
}
