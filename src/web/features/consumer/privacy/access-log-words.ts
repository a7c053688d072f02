import type { TFunction } from 'i18next';
import type { TAccessLogEntry } from '@shared/schemas/consumer';

/**
 * An access-log entry in the reader's words (the Data Access Log page and the dashboard's recent
 * activity): who (a business by its name, anyone else by `privacy:accessLog.accessors.<code>`),
 * what (`privacy:accessLog.kinds.<kind>`) and why (`labels:purpose.<code>`). The server's English
 * is the fallback for a code the catalogue does not know (decisions/047).
 */
export function accessLogWords(t: TFunction, entry: TAccessLogEntry): { who: string; what: string; purpose: string | null } {
  return {
    who:
      entry.accessor === 'business'
        ? entry.businessName
        : t(`privacy:accessLog.accessors.${entry.accessor}`, { defaultValue: entry.businessName }),
    what: t(`privacy:accessLog.kinds.${entry.kind.replaceAll('.', '_')}`, { defaultValue: entry.description }),
    purpose: entry.purpose ? t(`labels:purpose.${entry.purpose}`, { defaultValue: entry.purposeName ?? entry.purpose }) : null,
  };
}
