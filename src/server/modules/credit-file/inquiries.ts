import { maskIdentifier } from '@shared/identity';
import type { TCreditSearch } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import { columnPlaceholders, columnValues, insertRowFrom } from '../../db/insert-from';
import { timeOrderedId } from '../../db/ordered-ids';
import { compiledStatement } from '../../db/prepared';
import { auditEvents, creditInquiries, creditInquirySubjects } from '../../db/schema/index';
import { authOf, businessIdOf } from '../../plugins/authorization';
import { auditEventRow } from '../audit';

export interface InquiryMeta {
  businessId: string;
  userId: string;
  ip?: string | null;
  userAgent?: string | null;
  /** The request, for the audit event. */
  requestId?: string | null;
}

/** Who makes a search, a report or a reported account: the business acted for (the owner, a team member's employer or an API key's business, decisions/014), the person, and the request. */
export function inquiryMetaOf(request: FastifyRequest): InquiryMeta {
  return {
    businessId: businessIdOf(request),
    userId: authOf(request).userId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: String(request.id),
  };
}

/**
 * The terms of a search as stored: identifiers and phone masked as everywhere else, names and
 * birth date as typed (they are not identifiers, and a regulator investigating a complaint needs
 * them). The full identifier survives only as a keyed hash: equal searches give equal hashes, so a
 * no-hit can be tied to the person once they are in the registry, but the table never shows it.
 */
export function storedSearchTerms(search: TCreditSearch, hashKey: string): { terms: Record<string, string>; termsHash: string | null } {
  const terms: Record<string, string> = {};
  let hashed: string | null = null;
  if (search.nationalId) {
    terms.nationalId = maskIdentifier(search.nationalId);
    hashed = `nin:${search.nationalId}`;
  } else if (search.passportNumber) {
    terms.passportNumber = maskIdentifier(search.passportNumber);
    hashed = `passport:${search.passportNumber}`;
  } else if (search.driversLicense) {
    terms.driversLicense = maskIdentifier(search.driversLicense);
    hashed = `drivers_license:${search.driversLicense}`;
  } else if (search.phone) {
    terms.phone = maskIdentifier(search.phone);
    hashed = `phone:${search.phone}`;
  } else {
    terms.firstName = search.firstName ?? '';
    terms.lastName = search.lastName ?? '';
    terms.dateOfBirth = search.dateOfBirth ?? '';
  }
  return { terms, termsHash: hashed ? hashSearchTerm(hashed, hashKey) : null };
}

export function hashSearchTerm(term: string, hashKey: string): string {
  return createHmac('sha256', hashKey).update(term).digest('hex');
}

/** The key of the search-term hashes, derived from the server secret so it is never stored. */
export function inquiryHashKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('credit-inquiry-search-terms').digest('hex');
}

export interface RecordInquiryInput extends InquiryMeta {
  kind: 'search' | 'report';
  purpose: string;
  subjectId?: string | null;
  searchTerms?: Record<string, string> | null;
  termsHash?: string | null;
  consentGiven?: boolean;
  /** People shown to the business, with the score they were shown with (0 to 100). */
  shown: { subjectId: string; matchScore: number }[];
}

/** The credit_inquiries row and its credit_inquiry_subjects rows (the people shown). */
export function inquiryRows(id: string, input: RecordInquiryInput) {
  return {
    inquiry: {
      id,
      businessId: input.businessId,
      userId: input.userId,
      kind: input.kind,
      purpose: input.purpose,
      subjectId: input.subjectId ?? null,
      searchTerms: input.searchTerms ?? null,
      termsHash: input.termsHash ?? null,
      resultCount: input.shown.length,
      consentGiven: input.consentGiven ?? false,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    } satisfies typeof creditInquiries.$inferInsert,
    subjects: input.shown.map((s) => ({
      inquiryId: id,
      subjectId: s.subjectId,
      matchScore: s.matchScore,
    })) satisfies (typeof creditInquirySubjects.$inferInsert)[],
  };
}

/**
 * Records a search as one statement: the inquiry, the people it showed and its audit event are
 * written together or not at all, in one round trip (no BEGIN and COMMIT).
 */
export async function recordSearchInquiry(db: Database, input: RecordInquiryInput): Promise<string> {
  // Time-ordered, as a report's (decisions/058).
  const id = timeOrderedId();
  const rows = {
    inquiry: inquiryRows(id, input).inquiry,
    audit: auditEventRow({
      action: 'credit.search',
      actorUserId: input.userId,
      actorRole: 'business',
      businessId: input.businessId,
      targetType: 'credit_inquiry',
      targetId: id,
      ip: input.ip ?? null,
      requestId: input.requestId ?? null,
      // The masked terms only: never a full identification number.
      details: { purpose: input.purpose, terms: input.searchTerms ?? {}, resultCount: input.shown.length },
    }),
  };
  await writeSearchInquiry(rows)(db, {
    ...columnValues(creditInquiries, 'inquiry.', rows.inquiry),
    ...columnValues(auditEvents, 'audit.', rows.audit),
    shownSubjectIds: input.shown.map((s) => s.subjectId),
    shownMatchScores: input.shown.map((s) => s.matchScore),
  });
  return id;
}

let searchInquiryWrite: ReturnType<typeof compiledStatement<{ id: string }>> | undefined;

/**
 * recordSearchInquiry's statement, built once (the columns of the first search's rows, the same
 * for every search): drizzle's building of it was a tenth of a search's server CPU.
 */
function writeSearchInquiry(rows: { inquiry: typeof creditInquiries.$inferInsert; audit: typeof auditEvents.$inferInsert }) {
  searchInquiryWrite ??= compiledStatement<{ id: string }>('credit-search-inquiry-write', () => {
    const one = sql.raw('(SELECT 1) AS one');
    return sql`WITH inquiry AS (${insertRowFrom(creditInquiries, columnPlaceholders('inquiry.', Object.keys(rows.inquiry)), one)} RETURNING id),
      shown AS (INSERT INTO credit_inquiry_subjects (inquiry_id, subject_id, match_score)
        SELECT inquiry.id, s.subject_id, s.match_score FROM inquiry,
          unnest(${sql.placeholder('shownSubjectIds')}::uuid[], ${sql.placeholder('shownMatchScores')}::int[]) AS s(subject_id, match_score)),
      audit AS (${insertRowFrom(auditEvents, columnPlaceholders('audit.', Object.keys(rows.audit)), one)})
    SELECT id FROM inquiry`;
  });
  return searchInquiryWrite;
}
