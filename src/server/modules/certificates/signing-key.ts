import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificateSigningKeys } from '../../db/schema/index';
import { ed25519PrivateKeyFrom, ed25519PublicKeysFrom } from '../../lib/ed25519-keys';

/**
 * The bureau's Ed25519 key that signs clearance certificates (decisions/045). Production: the
 * CERTIFICATE_SIGNING_KEY setting (PEM, or base64 of the PKCS#8 DER), never in the database. Demo and
 * tests: a key generated once and kept in `certificate_signing_keys`, so certificates issued before
 * a restart still verify (the oldest row wins when two instances start together).
 * A rotation keeps the retired keys' public halves (CERTIFICATE_RETIRED_PUBLIC_KEYS), so what they
 * signed still verifies; a key left out of that list (a compromised one) signs nothing valid.
 */
export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  /** Retired keys by key id: they verify certificates issued before a rotation, and sign nothing. */
  retired: ReadonlyMap<string, PublicKeyEntry>;
}

export interface PublicKeyEntry {
  keyId: string;
  publicKey: KeyObject;
  publicKeyPem: string;
}

export const CERTIFICATE_ALGORITHM = 'Ed25519' as const;

function publicEntryOf(publicKey: KeyObject): PublicKeyEntry {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    // The first 16 hex digits of the SHA-256 of the public key (SPKI DER): names the key, proves nothing.
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function keyOf(privateKey: KeyObject, retiredSetting?: string): SigningKey {
  const current = publicEntryOf(createPublicKey(privateKey));
  const retired = new Map<string, PublicKeyEntry>();
  for (const publicKey of retiredSetting ? ed25519PublicKeysFrom(retiredSetting) : []) {
    const entry = publicEntryOf(publicKey);
    if (entry.keyId !== current.keyId) retired.set(entry.keyId, entry);
  }
  return { ...current, privateKey, retired };
}

/** The public key that checks a certificate signed with `keyId`: the current key or a retired one. */
export function publicKeyFor(key: SigningKey, keyId: string): KeyObject | null {
  return keyId === key.keyId ? key.publicKey : (key.retired.get(keyId)?.publicKey ?? null);
}

export interface SigningKeySettings {
  /** CERTIFICATE_SIGNING_KEY; absent outside production (a demo key is kept in the database). */
  signingKey?: string;
  /** CERTIFICATE_RETIRED_PUBLIC_KEYS. */
  retiredPublicKeys?: string;
}

/**
 * The app's key, read once (the demo key from the database on first use); a failed read is tried
 * again next time, not remembered. One loader per app: two apps on one database (a test of a
 * rotation) each keep their own settings.
 */
export function signingKeyLoader(db: Database, settings: SigningKeySettings): () => Promise<SigningKey> {
  let key: Promise<SigningKey> | null = null;
  return () => {
    if (!key) {
      key = settings.signingKey
        ? Promise.resolve(keyOf(ed25519PrivateKeyFrom(settings.signingKey), settings.retiredPublicKeys))
        : storedDemoKey(db, settings.retiredPublicKeys);
      key.catch(() => {
        key = null;
      });
    }
    return key;
  };
}

async function storedDemoKey(db: Database, retiredSetting?: string): Promise<SigningKey> {
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
  return keyOf(createPrivateKey(row.privateKeyPem), retiredSetting);
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
