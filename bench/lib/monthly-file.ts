// A lender's monthly file for the ingestion scenario, built from the generated registry so it
// needs identity matching the way a real first file does: most people known by NIN, some only by
// name, birth date and phone, some new to the registry.
import type { TCreditAccountReportInput } from '../../src/shared/schemas/credit';
import { generatePerson, indexLenders, reportedSubjectOf } from '../../src/server/db/seed/registry/generate';
import { LENDERS } from '../../src/server/db/seed/registry/lenders';

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
}): TCreditAccountReportInput[] {
  const newPeopleFrom = options.newPeopleFrom ?? options.registryPeople;
  const lenders = indexLenders(LENDERS);
  return Array.from({ length: options.rows }, (_, i) => {
    const kind = i % 10;
    // 0-5 known by NIN, 6-7 known by name, birth date and phone only, 8-9 new people.
    const index = kind < 8 ? (i * 7_919) % options.registryPeople : newPeopleFrom + i;
    const p = generatePerson({ seed: options.seed, asOf: options.asOf }, index, lenders);
    const knownById = kind < 6;
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
        accountNumber: `${options.accountPrefix}-${i}`,
        type: 'microfinance_loan',
        currency: 'SLE',
        principal: String(1_000 + (i % 90) * 100),
        balance: String(500 + (i % 40) * 10),
        openedAt: '2025-06-01',
        status: isDefault ? 'default' : 'current',
        ...(isDefault ? { defaultAmount: '700', defaultDate: '2026-05-31' } : {}),
        paymentHistory: isDefault ? 'D32100' : '000000',
      },
    };
  });
}
