// A lender's monthly file for the ingestion scenario, built from the generated registry so it
// needs identity matching the way a real first file does: most people known by NIN, some only by
// name, birth date and phone, some new to the registry.
import type { TCreditAccountReportInput } from '../../src/shared/schemas/credit';
import { generatePerson, indexLenders, reportedSubjectOf } from '../../src/server/db/seed/registry/generate';
import { LENDERS } from '../../src/server/db/seed/registry/lenders';

/** The file's kinds of row, in the proportions the file holds them (6, 2 and 2 rows in 10). */
export const ROW_KINDS = ['known by NIN', 'known by name, birth date, phone', 'new person'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** Row i's kind: 0-5 of every 10 known by NIN, 6-7 known by name, birth date and phone only, 8-9 new people. */
export function kindOfRow(i: number): RowKind {
  const kind = i % 10;
  return kind < 6 ? ROW_KINDS[0] : kind < 8 ? ROW_KINDS[1] : ROW_KINDS[2];
}

/** The generator index of the person row i is about. */
export function personOfRow(i: number, registryPeople: number, newPeopleFrom: number): number {
  return kindOfRow(i) === 'new person' ? newPeopleFrom + i : (i * 7_919) % registryPeople;
}

/**
 * `newPeopleFrom`: the generator index of the first new person (default: just past the registry);
 * it also numbers the passports the file gives people known only by name. A benchmark that sends a
 * file again passes a fresh range, so the file is a first file again: its new people and passport
 * numbers are new to the registry.
 */
export function buildMonthlyFile(options: {
  rows: number;
  registryPeople: number;
  newPeopleFrom?: number;
  seed: number;
  asOf: Date;
  accountPrefix: string;
  /**
   * Issue 17: every row carries the account's life (past due, last and scheduled payment, term,
   * frequency) and every tenth is a group loan with a guarantor from the registry (known by NIN)
   * and a co-borrower new to it. Off by default: the file stays what earlier figures measured.
   */
  accountLife?: boolean;
}): TCreditAccountReportInput[] {
  const newPeopleFrom = options.newPeopleFrom ?? options.registryPeople;
  const lenders = indexLenders(LENDERS);
  return Array.from({ length: options.rows }, (_, i) => {
    const kind = kindOfRow(i);
    const p = generatePerson({ seed: options.seed, asOf: options.asOf }, personOfRow(i, options.registryPeople, newPeopleFrom), lenders);
    const knownById = kind === 'known by NIN';
    const isDefault = i % 23 === 0;
    return {
      subject: knownById
        ? reportedSubjectOf(p)
        : {
            ...reportedSubjectOf(p),
            nationalId: undefined,
            driversLicense: undefined,
            passportNumber: `B${String(newPeopleFrom + i).padStart(7, '0')}`,
          },
      account: {
        ...benchAccount(i, options.accountPrefix, isDefault ? 'default' : 'current'),
        ...(options.accountLife ? lifeOf(i, isDefault, benchBalance(i), options.asOf) : {}),
      },
      ...(options.accountLife && i % 10 === 3 ? { parties: partiesOf(i, options, newPeopleFrom, lenders) } : {}),
    };
  });
}

const benchBalance = (i: number) => String(500 + (i % 40) * 10);

/** Row i's account: a microfinance loan, current or in default (its amount and date then reported). */
export function benchAccount(i: number, accountPrefix: string, status: 'current' | 'default'): TCreditAccountReportInput['account'] {
  const isDefault = status === 'default';
  return {
    accountNumber: `${accountPrefix}-${i}`,
    type: 'microfinance_loan',
    currency: 'SLE',
    principal: String(1_000 + (i % 90) * 100),
    balance: benchBalance(i),
    openedAt: '2025-06-01',
    status,
    ...(isDefault ? { defaultAmount: '700', defaultDate: '2026-05-31' } : {}),
    paymentHistory: isDefault ? 'D32100' : '000000',
  };
}

/** The account's life as a lender reports it: an instalment a month, paid last month, or past due for a defaulter. */
function lifeOf(i: number, isDefault: boolean, balance: string, asOf: Date) {
  const lastPayment = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - 1 - (i % 3), 10)).toISOString().slice(0, 10);
  return {
    amountPastDue: isDefault ? balance : '0',
    ...(isDefault ? { firstDelinquencyDate: '2026-01-31' } : {}),
    lastPaymentDate: lastPayment < '2025-06-01' ? '2025-06-10' : lastPayment,
    lastPaymentAmount: '150',
    scheduledPaymentAmount: '150',
    termMonths: 12,
    paymentFrequency: i % 2 === 0 ? 'monthly' : 'weekly',
  };
}

/** A group loan's guarantor (a registry person, known by NIN) and co-borrower (new to the registry). */
function partiesOf(
  i: number,
  options: { rows: number; registryPeople: number; seed: number; asOf: Date },
  newPeopleFrom: number,
  lenders: ReturnType<typeof indexLenders>,
) {
  const person = (index: number) => generatePerson({ seed: options.seed, asOf: options.asOf }, index, lenders);
  const guarantor = person((i * 7_919 + 1) % options.registryPeople);
  const coBorrower = person(newPeopleFrom + options.rows + i);
  return [
    {
      role: 'guarantor' as const,
      subject: { ...reportedSubjectOf(guarantor), nationalId: guarantor.nin ?? `G${String(i).padStart(7, '0')}` },
    },
    {
      role: 'co_borrower' as const,
      subject: { ...reportedSubjectOf(coBorrower), nationalId: `CB${String(newPeopleFrom + i).padStart(8, '0')}` },
    },
  ];
}

/**
 * Issue 22: a file whose rows all share one name and birth date, each with its own new NIN, phone
 * and address (a lender's export with a default birth date, or a hostile one). Every row is a new
 * person; matching must not cost more per row as the namesakes already on file grow.
 */
export function buildNamesakesFile(options: {
  rows: number;
  newPeopleFrom: number;
  seed: number;
  asOf: Date;
  accountPrefix: string;
}): TCreditAccountReportInput[] {
  const lenders = indexLenders(LENDERS);
  const person = (index: number) => generatePerson({ seed: options.seed, asOf: options.asOf }, index, lenders);
  const name = { firstName: 'Mohamed', middleName: undefined, lastName: 'Kamara', dateOfBirth: '1980-01-01' };
  return Array.from({ length: options.rows }, (_, i) => {
    const p = person(options.newPeopleFrom + i);
    return {
      subject: {
        ...reportedSubjectOf(p),
        ...name,
        nationalId: `NS${String(options.newPeopleFrom + i).padStart(9, '0')}`,
        passportNumber: undefined,
        driversLicense: undefined,
      },
      account: benchAccount(i, options.accountPrefix, 'current'),
    };
  });
}
