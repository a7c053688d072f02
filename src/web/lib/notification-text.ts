import type { TFunction } from 'i18next';
import { formatDateTime, formatMinorAmount } from '@shared/format';
import type { TNotification, TNotificationParams } from '@shared/schemas/consumer';

/** A code's words in the middle of a sentence ("reported personal loan …", as the server writes them). */
function lowerWordsOf(t: TFunction, key: string, code: unknown): string | undefined {
  return typeof code === 'string' ? t(`${key}.${code}`, { defaultValue: code }).toLowerCase() : undefined;
}

/**
 * The values a notice's sentence is filled with: the names and figures as sent, the codes (account
 * type, status, purpose, the fields put back) in the reader's words, the amount and time formatted
 * by @shared/format, and "A lender" / "A business" in the reader's words when no name was sent.
 */
function sentenceValues(t: TFunction, params: TNotificationParams): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) if (!Array.isArray(value)) values[name] = value;
  const fields = params.fields;
  return {
    ...values,
    lender: typeof params.lender === 'string' ? params.lender : t('portal:notices.someLender'),
    business: typeof params.business === 'string' ? params.business : t('portal:notices.someBusiness'),
    accountType: lowerWordsOf(t, 'labels:accountType', params.accountType) ?? '',
    status: lowerWordsOf(t, 'labels:accountStatus', params.status) ?? '',
    purpose: lowerWordsOf(t, 'labels:purpose', params.purpose) ?? '',
    fields: Array.isArray(fields) ? fields.map((f) => t(`portal:notices.fields.${f}`, { defaultValue: f })).join(', ') : '',
    balance: typeof params.balance === 'number' ? formatMinorAmount(params.balance) : '',
    until: typeof params.lockedUntil === 'string' ? formatDateTime(params.lockedUntil, { withZone: true }) : '',
  };
}

/**
 * A notification's title and text in the language of `t`: the catalogue's sentence of its kind and
 * variant (`portal:notices.<kind>.<variant>`) filled with the figures the server sent (`params`,
 * decisions/047). The server's stored English is the fallback: for a notification without params
 * (stored before they were sent, or a business's) and for a kind or variant the catalogue does not know.
 */
export function notificationText(
  t: TFunction,
  notification: Pick<TNotification, 'kind' | 'title' | 'body' | 'params'>,
): { title: string; body: string } {
  const { params } = notification;
  if (!params || typeof params.variant !== 'string') return { title: notification.title, body: notification.body };
  const key = `portal:notices.${notification.kind}.${params.variant}`;
  const values = sentenceValues(t, params);
  return {
    title: t(`${key}.title`, { ...values, defaultValue: notification.title }),
    body: t(`${key}.body`, { ...values, defaultValue: notification.body }),
  };
}
