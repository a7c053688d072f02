/**
 * The words people read for the codes the API answers with (issue 20, "labels for every code"):
 * roles, statuses, business types, plans. One place for the web and the server's documents, so a
 * page never shows "system_admin", "financial" or "Verification verified". A code not listed
 * (one added later) reads as its words ("account_review" -> "Account review"), never as the code.
 */
import { formatNumber, plural } from './format/numbers';
import { labelFromCode } from './format/text';
import type { TRole } from './roles';

/** "Account review" from "account_review" when the code has no label of its own. */
function labelOf(labels: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return labels[code] ?? labelFromCode(code);
}

export const ROLE_LABELS: Record<TRole, string> = {
  system_admin: 'Administrator',
  business: 'Business',
  consumer: 'Consumer',
  regulator: 'Regulator',
};
/** "Administrator" for "system_admin". */
export const roleLabel = (role: string | null | undefined) => labelOf(ROLE_LABELS, role);

/** The registration form's business types (schemas/auth.ts BUSINESS_TYPES), named for a reader. */
const BUSINESS_TYPE_LABELS: Record<string, string> = {
  retail: 'Retail',
  wholesale: 'Wholesale',
  service: 'Service',
  manufacturing: 'Manufacturing',
  financial: 'Financial institution',
  other: 'Other',
};
/** "Financial institution" for "financial". */
export const businessTypeLabel = (type: string | null | undefined) => labelOf(BUSINESS_TYPE_LABELS, type);

/** A business's verification, said on its own (a badge): "Verification pending", "Verified". */
const VERIFICATION_LABELS: Record<string, string> = {
  pending: 'Verification pending',
  verified: 'Verified',
  rejected: 'Verification refused',
  suspended: 'Suspended',
};
export const verificationLabel = (status: string | null | undefined) => labelOf(VERIFICATION_LABELS, status);

/** A business's subscription (users.subscription_status), said on its own ("Status: Payment overdue"). */
const SUBSCRIPTION_LABELS: Record<string, string> = {
  inactive: 'Not active',
  active: 'Active',
  past_due: 'Payment overdue',
  cancelled: 'Cancelled',
};
export const subscriptionStatusLabel = (status: string | null | undefined) => labelOf(SUBSCRIPTION_LABELS, status);

/** The same as a badge beside the plan: "Subscription active", "Payment overdue". */
const SUBSCRIPTION_BADGES: Record<string, string> = {
  inactive: 'Subscription not active',
  active: 'Subscription active',
  past_due: 'Payment overdue',
  cancelled: 'Subscription cancelled',
};
export const subscriptionBadgeLabel = (status: string | null | undefined) => labelOf(SUBSCRIPTION_BADGES, status);

/** "Basic", "Professional", "Enterprise" from the plan code. */
export const planLabel = (planCode: string | null | undefined) => labelOf({}, planCode);

const INVOICE_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Unpaid',
  pending: 'Unpaid',
  void: 'Cancelled',
  failed: 'Payment failed',
};
export const invoiceStatusLabel = (status: string | null | undefined) => labelOf(INVOICE_LABELS, status);

const CONSENT_LABELS: Record<string, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
export const consentStatusLabel = (status: string | null | undefined) => labelOf(CONSENT_LABELS, status);

const ACCOUNT_STATUS_LABELS: Record<string, string> = { active: 'Active', disabled: 'Disabled', locked: 'Locked' };
/** A sign-in account's state (the administrator's user list). */
export const accountStatusLabel = (status: string | null | undefined) => labelOf(ACCOUNT_STATUS_LABELS, status);

const INVITATION_LABELS: Record<string, string> = {
  pending: 'Not yet accepted',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Withdrawn',
};
export const invitationStatusLabel = (status: string | null | undefined) => labelOf(INVITATION_LABELS, status);

/** Documents a business uploads. */
const DOCUMENT_KIND_LABELS: Record<string, string> = {
  registration: 'Registration certificate',
  tax: 'Tax identification',
  supporting: 'Supporting document',
};
export const documentKindLabel = (kind: string | null | undefined) => labelOf(DOCUMENT_KIND_LABELS, kind);

/** Any other status word ("open", "in_progress", "under_investigation"): its words, capitalised. */
export const statusLabel = (status: string | null | undefined) => labelOf({ in_progress: 'In progress' }, status);

/** What the database engine is called for a person reading the system's health. */
export const databaseEngineLabel = (engine: string | null | undefined) =>
  labelOf({ pglite: 'Built-in database', postgres: 'PostgreSQL', postgresql: 'PostgreSQL' }, engine?.toLowerCase());

/** A value a page prints from a record it does not know (audit details): a code reads as words, anything else as itself. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string')
    return /^[a-z][a-z0-9]*(?:[._][a-z0-9]+)+$/.test(value)
      ? labelFromCode(value.replaceAll('.', '_'))
      : /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)
        ? labelFromCode(value.toLowerCase()) // an error code such as API_KEY_SCOPE_MISSING
        : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value === true ? 'yes' : value === false ? 'no' : String(value);
  if (Array.isArray(value)) return value.map(plainValue).join(', ');
  return JSON.stringify(value);
}

/** An audit event's details as "Purpose: Credit application · Result count: 2". */
export function plainDetails(details: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(details);
  return entries.length
    ? entries
        .map(([key, value]) => `${labelFromCode(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase())}: ${plainValue(value)}`)
        .join(' · ')
    : '—';
}

/** A month of an account's payment history (credit-reference.ts PAYMENT_HISTORY_CODES) as a person reads it. */
export const PAYMENT_MONTH_LABELS: Readonly<Record<string, string>> = {
  '0': 'Paid on time',
  '1': '30 days late',
  '2': '60 days late',
  '3': '90 or more days late',
  D: 'In default',
  C: 'Closed or paid off',
  '-': 'No report that month',
};

/**
 * "24 months: 22 paid on time, 1 30 days late (newest 3 months ago), 1 with no report" from the
 * stored string of monthly codes, most recent first ("00000100000" is never shown as such).
 */
export function paymentHistorySummary(history: string | null | undefined): string {
  if (!history) return 'No payment history reported';
  const codes = Array.from(history);
  const parts = Object.keys(PAYMENT_MONTH_LABELS)
    .map((code) => {
      const count = codes.filter((c) => c === code).length;
      if (count === 0) return null;
      const words = PAYMENT_MONTH_LABELS[code]!.toLowerCase();
      const newest = codes.indexOf(code);
      const when =
        code !== '0' && code !== '-' && code !== 'C'
          ? ` (latest ${newest === 0 ? 'this month' : plural(newest, { one: 'month ago', other: 'months ago' })})`
          : '';
      return `${formatNumber(count)} ${words}${when}`;
    })
    .filter((part): part is string => part !== null);
  return `${plural(codes.length, { one: 'month', other: 'months' })}: ${parts.join(', ')}`;
}
