import enCommon from './locales/en/common.json';
import kriCommon from './locales/kri/common.json';
import enSms from './locales/en/sms.json';
import kriSms from './locales/kri/sms.json';
import enUssd from './locales/en/ussd.json';
import kriUssd from './locales/kri/ussd.json';
import enDashboard from './locales/en/dashboard.json';
import enDisputes from './locales/en/disputes.json';
import enLabels from './locales/en/labels.json';
import enPortal from './locales/en/portal.json';
import enPrivacy from './locales/en/privacy.json';
import enReports from './locales/en/reports.json';
import enScoring from './locales/en/scoring.json';
import enSettings from './locales/en/settings.json';
import kriDashboard from './locales/kri/dashboard.json';
import kriDisputes from './locales/kri/disputes.json';
import kriLabels from './locales/kri/labels.json';
import kriPortal from './locales/kri/portal.json';
import kriPrivacy from './locales/kri/privacy.json';
import kriReports from './locales/kri/reports.json';
import kriScoring from './locales/kri/scoring.json';
import kriSettings from './locales/kri/settings.json';
import enCertificate from './locales/en/certificate.json';
import kriCertificate from './locales/kri/certificate.json';
import type { Language } from './languages';

/**
 * Every catalogue, by language and namespace. One namespace per surface (common, portal, ussd, sms,
 * certificate, scoring...): a module adds its pair of files under locales/en and locales/kri and
 * one line each here. English is the reference: a key missing in Krio falls back to it, and
 * tests/unit/i18n-catalogues.test.ts fails when the two catalogues do not have the same keys.
 */
export const RESOURCES = {
  en: {
    common: enCommon,
    sms: enSms,
    portal: enPortal,
    dashboard: enDashboard,
    scoring: enScoring,
    reports: enReports,
    labels: enLabels,
    privacy: enPrivacy,
    disputes: enDisputes,
    settings: enSettings,
    ussd: enUssd,
    certificate: enCertificate,
  },
  kri: {
    common: kriCommon,
    sms: kriSms,
    portal: kriPortal,
    dashboard: kriDashboard,
    scoring: kriScoring,
    reports: kriReports,
    labels: kriLabels,
    privacy: kriPrivacy,
    disputes: kriDisputes,
    settings: kriSettings,
    ussd: kriUssd,
    certificate: kriCertificate,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof RESOURCES)['en'];
export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];
