import { generateKeyPairSync } from 'node:crypto';

/** An Ed25519 private key (PEM) for a production-mode configuration in tests: production requires CERTIFICATE_SIGNING_KEY (decisions/045). */
export const TEST_CERTIFICATE_SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
