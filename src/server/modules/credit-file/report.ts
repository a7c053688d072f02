import { formatMinorAmount } from '@shared/format';
import { DEFAULTED_STATUSES, PAYMENT_FREQUENCIES, PAYMENT_HISTORY_LABELS, type TAccountStatus } from '@shared/credit-reference';
import { maskIdentifier } from '@shared/identity';
import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { joinName, titleCase } from '../matching';
import { readReportSources, type ReportSources, type SourceAccount } from './report-sources';
import { scoreCreditReport } from '../scoring';

export interface BuildReportOptions {
  /** business: identifiers, phones and other lenders' account numbers masked; consumer: the person's own, whole. */
  audience: 'business' | 'consumer';
  /** The business reading it: its own accounts show their full account numbers. */
  viewerBusinessId?: string | null;
  purpose?: string | null;
  /** The inquiry id for a business report; a fresh id otherwise. */
  reportId?: string;
  /** The date the report is as of (retention and the 12-month inquiry window count from it). */
  asOf?: Date;
}

const CLOSED_STATUSES: readonly TAccountStatus[] = ['closed', 'paid'];

/** "2025-10" for the month `back` months before the given date's month (in whole numbers: no Date per month of every account). */
function monthBefore(date: Date, back: number): string {
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() - back;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

function toReportAccount(row: SourceAccount, options: BuildReportOptions): TReportAccount {
  const isPastRetention = row.is_default_past_retention;
  const isOwn = !!options.viewerBusinessId && row.business_id === options.viewerBusinessId;
  const lastReportedAt = new Date(row.last_reported_at);
  return {
    accountId: row.id,
    lender: row.lender,
    accountNumber: isOwn || options.audience === 'consumer' ? row.account_number : maskIdentifier(row.account_number),
    isOwnAccount: isOwn,
    type: row.type,
    typeName: row.type_name,
    category: row.category,
    currency: row.currency,
    principal: formatMinorAmount(row.principal),
    balance: formatMinorAmount(row.balance),
    openedAt: row.opened_at,
    status: row.status,
    statusName: row.status_name,
    defaultAmount: isPastRetention || row.default_amount === null ? null : formatMinorAmount(row.default_amount),
    defaultDate: isPastRetention ? null : row.default_date,
    paymentHistory: [...row.payment_history].map((code, i) => ({
      month: monthBefore(lastReportedAt, i),
      code,
      status: PAYMENT_HISTORY_LABELS[code] ?? 'no_data',
    })),
    lastReportedAt: lastReportedAt.toISOString(),
    disputed: row.is_disputed,
    amountPastDue: minorOrNull(row.amount_past_due),
    firstDelinquencyDate: row.first_delinquency_date,
    lastPaymentDate: row.last_payment_date,
    lastPaymentAmount: minorOrNull(row.last_payment_amount),
    scheduledPaymentAmount: minorOrNull(row.scheduled_payment_amount),
    termMonths: row.term_months,
    paymentFrequency: PAYMENT_FREQUENCIES.find((f) => f === row.payment_frequency) ?? null,
    closedAt: row.closed_at,
    role: row.role,
    parties: row.parties.map((p) => ({ role: p.role, name: joinName(p.first_name, p.middle_name, p.last_name) })),
    balanceHistory: row.months.map((m) => ({
      month: m.month.slice(0, 7),
      balance: formatMinorAmount(m.balance),
      amountPastDue: minorOrNull(m.amount_past_due),
      status: m.status,
    })),
  };
}

const minorOrNull = (minor: string | null) => (minor === null ? null : formatMinorAmount(minor));

/**
 * The credit report of one person, as an object the business route, the consumer's own report,
 * the PDF and the scoring module all reuse. Reads only; recording the inquiry is the caller's job.
 * Negative data past the retention period (db/retention.ts, applied by the read) is left out.
 */
export async function buildCreditReport(db: Database, subjectId: string, options: BuildReportOptions): Promise<TCreditReport> {
  const asOf = options.asOf ?? new Date();
  const sources = await readReportSources(db, subjectId, { audience: options.audience, asOf, excludeInquiryId: options.reportId });
  if (!sources) throw notFound('No such person in the registry');
  const report = assembleCreditReport(sources, { ...options, asOf });
  const scored = await scoreCreditReport(db, subjectId, report, asOf, sources.scoringInputs);
  return { ...report, ...scored };
}

/** The report, without its score, from what readReportSources read: no database work. */
export function assembleCreditReport(
  sources: ReportSources,
  options: BuildReportOptions & { asOf: Date },
): Omit<TCreditReport, 'score' | 'scoreUnavailable'> {
  const { asOf } = options;
  const { subject, identifiers, names, phones, addresses, accounts, inquiries } = sources;
  const isBusiness = options.audience === 'business';
  // Retention (db/retention.ts) was applied by the read: an account sunk by a default past it is not
  // among these, and one repaid since carries is_default_past_retention.
  const reportAccounts: TReportAccount[] = accounts.map((row) => toReportAccount(row, options));

  const nin = identifiers.find((i) => i.type === 'nin')?.value ?? null;
  const show = (value: string) => (isBusiness ? maskIdentifier(value) : value);
  const displayName = joinName(subject.first_name, subject.middle_name, subject.last_name);
  const otherNames = [...new Set(names.map((n) => titleCase(joinName(n.first_name, n.middle_name, n.last_name))))].filter(
    (n) => n.toLowerCase() !== displayName.toLowerCase(),
  );
  const balances = new Map<string, bigint>();
  for (const row of accounts) {
    // What the person owes: a guarantor answers for the loan only if its borrowers do not pay.
    if (CLOSED_STATUSES.includes(row.status) || row.role === 'guarantor') continue;
    balances.set(row.currency, (balances.get(row.currency) ?? 0n) + BigInt(row.balance));
  }
  const open = reportAccounts.filter((a) => !CLOSED_STATUSES.includes(a.status));

  return {
    reportId: options.reportId ?? randomUUID(),
    generatedAt: asOf.toISOString(),
    purpose: options.purpose ?? null,
    subject: {
      subjectId: subject.id,
      fullName: displayName,
      firstName: subject.first_name,
      middleName: subject.middle_name,
      lastName: subject.last_name,
      dateOfBirth: subject.date_of_birth,
      nationalId: nin ? show(nin) : null,
      identifiers: identifiers.map((i) => ({ type: i.type, value: show(i.value) })),
      otherNames,
      phones: phones.map((phone) => show(phone)),
      addresses: addresses.map((a) => ({ line: a.line, district: a.district, lastReportedAt: new Date(a.last_reported_at).toISOString() })),
      district: subject.district,
    },
    summary: {
      totalAccounts: reportAccounts.length,
      openAccounts: open.length,
      accountsInDefault: reportAccounts.filter((a) => DEFAULTED_STATUSES.includes(a.status)).length,
      disputedAccounts: reportAccounts.filter((a) => a.disputed).length,
      balances: [...balances.entries()].sort().map(([currency, minor]) => ({ currency, balance: formatMinorAmount(minor) })),
      inquiriesLast12Months: inquiries.length,
    },
    fraudAlert: sources.fraudAlert,
    accounts: reportAccounts,
    inquiries: inquiries.map((q) => ({
      date: new Date(q.created_at).toISOString(),
      businessName: q.business_name ?? 'Unknown business',
      purpose: q.purpose,
      purposeName: q.purpose_name,
      kind: q.kind,
    })),
  };
}
