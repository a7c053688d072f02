import { createHmac } from 'node:crypto';

// The HMACs of identity codes and phone handles, and how a phone is shown to its owner.

/** The key of code and phone-choice HMACs, derived from the server secret so it is never stored. */
export function identityHmacKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('consumer-identity-codes').digest('hex');
}

export const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** An opaque handle for one of the file's phones: the client never sees the number itself. */
export const phoneIdOf = (key: string, userId: string, phone: string) => hmac(key, `phone:${userId}:${phone}`).slice(0, 20);

/** "+232 ** *** *01": enough for the person to recognise their phone, too little to learn it. */
export function maskPhone(e164: string): string {
  const national = e164.startsWith('+232') ? e164.slice(4) : e164.replace(/^\+/, '');
  return `+232 ** *** *${national.slice(-2)}`;
}
