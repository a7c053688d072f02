import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Reading the Ed25519 keys of clearance certificates from settings (decisions/045): the signing key
 * (CERTIFICATE_SIGNING_KEY) and the public keys of keys retired by a rotation
 * (CERTIFICATE_RETIRED_PUBLIC_KEYS). env.ts checks the settings at start with the same readers.
 */

/** The private key of a setting: PEM, or base64 of its PKCS#8 DER. Throws on anything else. */
export function ed25519PrivateKeyFrom(text: string): KeyObject {
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

export function isEd25519PrivateKey(text: string): boolean {
  try {
    ed25519PrivateKeyFrom(text);
    return true;
  } catch {
    return false;
  }
}

const PEM_BLOCK = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;

/**
 * Public keys, one after another: PEM blocks (newlines may be written as `\n` in a one-line
 * setting), or base64 of SPKI DER separated by commas. Throws if any is not an Ed25519 public key.
 */
export function ed25519PublicKeysFrom(text: string): KeyObject[] {
  const unescaped = text.replace(/\\n/g, '\n');
  const parts = unescaped.includes('-----BEGIN')
    ? (unescaped.match(PEM_BLOCK) ?? [])
    : unescaped
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
  if (parts.length === 0) throw new Error('no public key');
  return parts.map((part) => {
    const key = part.startsWith('-----BEGIN')
      ? createPublicKey(part)
      : createPublicKey({ key: Buffer.from(part, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
    return key;
  });
}

export function areEd25519PublicKeys(text: string): boolean {
  try {
    ed25519PublicKeysFrom(text);
    return true;
  } catch {
    return false;
  }
}
