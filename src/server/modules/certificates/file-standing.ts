import { createHash } from 'node:crypto';
import type { TCertificateStanding } from '@shared/schemas/certificate';
import type { Database } from '../../db/client';
import { readReportSources } from '../credit-file';
import { joinName, titleCase } from '../matching';

/** Statuses that stop a clearance certificate: in default, written off, or 90 days or more late (decisions/045). */
const SERIOUS_STATUSES: readonly string[] = ['default', 'written_off', 'late_90'];

/** What a certificate keeps of the file at issue, to tell later whether it changed for the worse. */
export interface FileState {
  /** Accounts in serious arrears, default or written off (none when a certificate is issued). */
  negative: string[];
  /** Accounts that were in default and are settled now. */
  settled: string[];
  accounts: number;
  /** sha256 of each account's id and status, sorted: what the file was, without keeping it. */
  digest: string;
}

export interface FileStanding {
  holderName: string;
  state: FileState;
  /** null: an account is in serious arrears, default or written off now (no certificate). */
  standing: TCertificateStanding | null;
}

/**
 * The file's standing today, from the report's own read of the registry (credit-file's
 * readReportSources: the retention of negative data applied, so a default past retention counts no
 * more than the person's report shows it). The person's accounts as borrower or co-borrower count;
 * an account they only guarantee does not, as on the report's totals.
 */
export async function readFileStanding(db: Database, subjectId: string): Promise<FileStanding | null> {
  const sources = await readReportSources(db, subjectId, { audience: 'consumer', asOf: new Date() });
  if (!sources) return null;
  const own = sources.accounts.filter((a) => a.role !== 'guarantor');
  const negative = own.filter((a) => SERIOUS_STATUSES.includes(a.status)).map((a) => a.id);
  const hadDefault = (a: (typeof own)[number]) =>
    (a.default_date !== null && !a.is_default_past_retention) || a.payment_history.includes('D');
  const settled = own.filter((a) => !SERIOUS_STATUSES.includes(a.status) && hadDefault(a)).map((a) => a.id);
  const digest = createHash('sha256')
    .update(
      own
        .map((a) => `${a.id}:${a.status}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
  const standing: TCertificateStanding | null = negative.length > 0 ? null : settled.length > 0 ? 'settled' : 'clear';
  return {
    holderName: titleCase(joinName(sources.subject.first_name, sources.subject.middle_name, sources.subject.last_name)),
    state: { negative: negative.sort(), settled: settled.sort(), accounts: own.length, digest },
    standing,
  };
}

/** Whether the file is worse now than at issue: an account in serious arrears, default or written off that was not then. */
export function isWorseThan(now: FileState, atIssue: FileState): boolean {
  const before = new Set(atIssue.negative);
  return now.negative.some((id) => !before.has(id));
}
