import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificateSigningKeys } from '../../db/schema/index';

/**
 * The bureau's Ed25519 key that signs clearance certificates (decisions/045). Production: the
 * CERTIFICATE_SIGNING_KEY setting (PEM, or base64 of the PKCS#8 DER), never in the database. Demo and
 * tests: a key generated once and kept in `certificate_signing_keys`, so certificates issued before
 * a restart still verify (the oldest row wins when two instances start together).
 */
export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
}

export const CERTIFICATE_ALGORITHM = 'Ed25519' as const;

function keyOf(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    // The first 16 hex digits of the SHA-256 of the public key (SPKI DER): names the key, proves nothing.
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function privateKeyFromSetting(text: string): KeyObject {
  return text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
}

const loaded = new WeakMap<Database, Promise<SigningKey>>();

/** The key of this app: read once per database handle. */
export function signingKeyOf(db: Database, setting: string | undefined): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = setting ? Promise.resolve(keyOf(privateKeyFromSetting(setting))) : storedDemoKey(db);
    // A failed read is tried again next time, not remembered.
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function storedDemoKey(db: Database): Promise<SigningKey> {
  const read = () => db.select().from(certificateSigningKeys).orderBy(asc(certificateSigningKeys.createdAt)).limit(1);
  let [row] = await read();
  if (!row) {
    const fresh = keyOf(generateKeyPairSync('ed25519').privateKey);
    await db
      .insert(certificateSigningKeys)
      .values({ keyId: fresh.keyId, privateKeyPem: fresh.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })
      .onConflictDoNothing();
    [row] = await read();
  }
  return keyOf(createPrivateKey(row.privateKeyPem));
}

/** JSON with keys sorted at every level and no spaces: the same bytes for the same content, what is signed. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The Ed25519 signature of the payload's UTF-8 bytes, base64url. */
export function signPayload(payload: string, key: SigningKey): string {
  return sign(null, Buffer.from(payload, 'utf8'), key.privateKey).toString('base64url');
}

export function isSignatureValid(payload: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(payload, 'utf8'), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
