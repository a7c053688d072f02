import { Check, X } from 'lucide-react';
import type { TMatchReviewDetail, TSubjectEvidence } from '@shared/schemas/admin';
import { formatDate, NO_VALUE } from '@shared/format';
import { Badge } from '@web/components/ui/badge';

// The evidence of one review, for and against the two records being one person, side by side: what
// agrees (identifiers, name, birth date, phone, address) in one column, what differs in the other,
// each with both records' values, so a reviewer decides from one screen.

type Agreement = TMatchReviewDetail['agreement'][number];

const FIELD_LABEL: Record<string, string> = {
  identifiers: 'ID numbers',
  name: 'Name',
  dateOfBirth: 'Date of birth',
  phone: 'Phone',
  address: 'Address',
};
/** Identifiers first: a shared or conflicting ID number weighs most. */
const FIELD_ORDER = ['identifiers', 'name', 'dateOfBirth', 'phone', 'address'];
const VERDICT_TEXT = { same: 'same', similar: 'close', different: 'differs', missing: 'not known' } as const;

/** What one record shows for a field, as the reviewer reads it; `reportedIds`: the ID numbers the lender reported for it. */
function valueOf(field: string, person: TSubjectEvidence, reportedIds: string[] = []): string {
  switch (field) {
    case 'name':
      return person.displayName;
    case 'dateOfBirth':
      return person.dateOfBirth ? formatDate(person.dateOfBirth) : NO_VALUE;
    case 'identifiers': {
      const ids = [...new Set([...person.identifiers.map((i) => `${i.type.toUpperCase()} ${i.masked}`), ...reportedIds])];
      return ids.length ? ids.join(', ') : NO_VALUE;
    }
    case 'phone':
      return person.phones.length ? person.phones.map((p) => p.phone).join(', ') : NO_VALUE;
    case 'address': {
      const a = person.addresses[0];
      return a ? [a.line, a.district].filter(Boolean).join(', ') : (person.district ?? NO_VALUE);
    }
    default:
      return NO_VALUE;
  }
}

function EvidenceList({
  title,
  items,
  record,
  candidate,
  tone,
  reportedIds,
}: {
  title: string;
  reportedIds: string[];
  items: Agreement[];
  record: TSubjectEvidence;
  candidate: TSubjectEvidence;
  tone: 'for' | 'against';
}) {
  const Icon = tone === 'for' ? Check : X;
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-lg border-2 p-3 text-sm [overflow-wrap:anywhere] ${tone === 'for' ? 'border-success/60' : 'border-destructive/60'}`}
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-4" />
        {title} ({items.length})
      </h3>
      {items.length === 0 ? <p className="mt-1 text-muted-foreground">Nothing.</p> : null}
      <ul className="mt-2 space-y-2">
        {items.map((a) => (
          <li key={a.field}>
            <p className="font-medium">
              {FIELD_LABEL[a.field] ?? a.field}{' '}
              <Badge variant={tone === 'for' ? (a.verdict === 'same' ? 'success' : 'warning') : 'destructive'}>
                {VERDICT_TEXT[a.verdict]}
              </Badge>
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
              <dt className="text-muted-foreground">New record</dt>
              <dd className={a.field === 'name' ? 'capitalize' : undefined}>{valueOf(a.field, record, reportedIds)}</dd>
              <dt className="text-muted-foreground">In the registry</dt>
              <dd className={a.field === 'name' ? 'capitalize' : undefined}>{valueOf(a.field, candidate)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** For and against, side by side (stacked on a phone), and what neither record can tell. */
export function ReviewEvidence({ review }: { review: TMatchReviewDetail }) {
  const { record, candidate } = review;
  if (!record || !candidate || review.agreement.length === 0) return null;
  const ordered = [...review.agreement].sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  const supporting = ordered.filter((a) => a.verdict === 'same' || a.verdict === 'similar');
  const against = ordered.filter((a) => a.verdict === 'different');
  const unknown = ordered.filter((a) => a.verdict === 'missing');
  // A number the lender reported stays with its holder when the rest did not fit: shown as reported.
  const reportedIds = review.reported.identifiers.map((i) => `${i.type.toUpperCase()} ${i.masked} (reported)`);
  return (
    <div className="space-y-2">
      <div className="grid gap-3 md:grid-cols-2">
        <EvidenceList
          title="For: the same person"
          items={supporting}
          record={record}
          candidate={candidate}
          tone="for"
          reportedIds={reportedIds}
        />
        <EvidenceList
          title="Against: two people"
          items={against}
          record={record}
          candidate={candidate}
          tone="against"
          reportedIds={reportedIds}
        />
      </div>
      {unknown.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Not known on one side: {unknown.map((a) => (FIELD_LABEL[a.field] ?? a.field).toLowerCase()).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
