import type { TFunction } from 'i18next';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from '@shared/credit-reference';

/**
 * An account's type and status in the reader's language (catalogue `labels:accountType.<code>` and
 * `labels:accountStatus.<code>`), from the code the server sends; the server's English name when
 * the code is not in the catalogue (a type an administrator added). An answer that carries only the
 * name (a dispute's account) is read back to its code by the reference list's English name.
 * `t` must have the `labels` namespace loaded (useT([..., 'labels'])).
 */
export function accountTypeName(t: TFunction, account: { type?: string; typeName: string }): string {
  const code = account.type ?? ACCOUNT_TYPES.find((a) => a.name === account.typeName)?.code;
  return code ? t(`labels:accountType.${code}`, { defaultValue: account.typeName }) : account.typeName;
}

export function accountStatusName(t: TFunction, account: { status: string; statusName: string }): string {
  const known = ACCOUNT_STATUSES.some((s) => s.code === account.status);
  return known ? t(`labels:accountStatus.${account.status}`, { defaultValue: account.statusName }) : account.statusName;
}
