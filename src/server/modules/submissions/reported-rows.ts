import type { AuditContext } from '../audit';
import type { TCreditAccountReport, TMatchOutcome } from '@shared/schemas/credit';

/** The shapes going in and out of applyAccountReports, and the rejects it can give a row. */
export interface ReportedRow {
  /** 1-based position in the file (1 for a single report). */
  rowNumber: number;
  report: TCreditAccountReport;
  /**
   * The account is to go to the row's person even if it is on someone else's file now (a lender
   * correcting an account reported under the wrong person): the row is matched as if the account
   * were new, and the account keeps its id and history.
   */
  moveAccount?: boolean;
}

export interface AppliedRow {
  rowNumber: number;
  accountId: string;
  subjectId: string;
  match: TMatchOutcome;
  created: boolean;
}

export interface ApplyContext {
  businessId: string;
  submissionId: string | null;
  /** Who sends the rows, for the audit events of certified reinsertions. */
  audit?: AuditContext;
  /** Rows per round of lookups and writes; the whole call is still one transaction. */
  chunkSize?: number;
  /** When given, milliseconds spent per phase are added here (benchmarks). */
  timings?: Record<string, number>;
}

export const ACCOUNT_OF_ANOTHER_PERSON = 'This account number is already reported for another person';
export const duplicateAccountMessage = (firstRow: number) => `This account number already appears in row ${firstRow} of this file`;
