import { setCommonPasswordCheck } from '@shared/schemas/common';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

/**
 * Whether a password is on zxcvbn-ts's list of the ~49,000 most used passwords (drawn from breach
 * corpora), compared without case: NIST SP 800-63B asks a verifier to refuse such passwords. The
 * list is a maintained package, not ours; it stays on the server (too large for the browser bundle).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** Every schema that sets a new password (ZPasswordSchema) refuses common ones from now on. */
export function installCommonPasswordCheck(): void {
  setCommonPasswordCheck(isCommonPassword);
}
