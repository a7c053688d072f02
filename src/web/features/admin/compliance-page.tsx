import { GitMerge, Split } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import type { TSubjectEvidence } from '@shared/schemas/admin';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { QueryResult } from '@web/components/ui/query-result';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableActionsHead } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { AuditLogSearch, AuditVerifyCard } from '@web/components/oversight/audit-log';
import { formatDateTime, formatDecimal } from '@shared/format';
import { useKeepApart, useMatchReview, useMatchReviews, useMergeReview } from './api/match-reviews';
import { ReviewEvidence } from './review-evidence';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';

const REASONS: Record<string, string> = {
  identifiers_of_different_people: 'The identifiers reported belong to different people',
  ambiguous_candidates: 'Two people in the registry fit equally well',
  conflicting_identifier: 'An ID number reported belongs to someone else',
  identifier_name_mismatch: 'The ID number belongs to someone with another name',
  identifier_dob_mismatch: 'The ID number belongs to someone with another birth date',
  uncertain_candidate: 'A similar person is in the registry, but not similar enough to link alone',
};
const reasonText = (reason: string) => REASONS[reason] ?? reason.replaceAll('_', ' ');
function PersonColumn({ title, person }: { title: string; person: TSubjectEvidence | null }) {
  if (!person) return null;
  return (
    <section aria-label={title} className="min-w-0 space-y-3 rounded-lg border p-3 text-sm [overflow-wrap:anywhere]">
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="text-base font-medium">{person.displayName}</p>
        <p className="text-xs text-muted-foreground">
          Born {person.dateOfBirth ?? 'unknown'} · {person.district ?? 'no district'} · in the registry since{' '}
          {formatDateTime(person.createdAt)}
          {person.isFrozen ? ' · file frozen' : ''}
        </p>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">Names reported</h4>
        <ul>
          {person.names.map((n, i) => (
            <li key={i} className="capitalize">
              {n.fullName} {n.dateOfBirth ? <span className="text-muted-foreground">({n.dateOfBirth})</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">ID numbers</h4>
        {person.identifiers.length === 0 ? <p className="text-muted-foreground">None</p> : null}
        <ul>
          {person.identifiers.map((id) => (
            <li key={`${id.type}${id.masked}`} className="font-mono">
              {id.type.toUpperCase()} {id.masked} {id.isShared ? <Badge variant="success">also reported for the other</Badge> : null}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">Phones</h4>
        <ul>
          {person.phones.map((p) => (
            <li key={p.phone}>
              {p.phone} {p.isShared ? <Badge variant="success">same</Badge> : null}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">Addresses</h4>
        <ul>
          {person.addresses.map((a) => (
            <li key={a.line}>
              {a.line}
              {a.district ? `, ${a.district}` : ''}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">Accounts ({person.accounts.length})</h4>
        <ul className="space-y-1">
          {person.accounts.map((a) => (
            <li key={a.id}>
              {a.businessName} · <span className="font-mono">{a.accountNumber}</span> · {a.type.replaceAll('_', ' ')} ·{' '}
              {a.status.replaceAll('_', ' ')}
              {a.isDisputed ? ' · disputed' : ''}
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{person.inquiryCount} searches and reports about this person</p>
      </div>
    </section>
  );
}

function ReviewDialog({ reviewId, onClose }: { reviewId: string | null; onClose: () => void }) {
  const review = useMatchReview(reviewId);
  const [note, setNote] = useState('');
  const [survivor, setSurvivor] = useState<'candidate' | 'record'>('candidate');
  const merge = useMergeReview(reviewId, { successToast: (r) => r.message, errorToast: 'That did not work', onSuccess: onClose });
  const keep = useKeepApart(reviewId, {
    successToast: 'Kept apart: they stay two people',
    errorToast: 'That did not work',
    onSuccess: onClose,
  });
  const r = review.data;
  return (
    <Dialog open={!!reviewId} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Same person or two people?</DialogTitle>
          <DialogDescription>
            {r
              ? `${reasonText(r.reason)} (match score ${formatDecimal(r.score, 2)}), reported by ${r.businessName ?? 'a lender'} on ${formatDateTime(r.createdAt)}.`
              : 'Loading the evidence...'}
          </DialogDescription>
        </DialogHeader>
        {!r ? (
          <Skeleton className="h-64" />
        ) : (
          <>
            <div className="rounded-lg bg-muted p-3 text-sm">
              <p className="font-semibold">As the lender reported it</p>
              <p>
                {r.reported.fullName}, born {r.reported.dateOfBirth ?? 'unknown'}, {r.reported.phone ?? 'no phone'},{' '}
                {r.reported.address ?? 'no address'}
                {r.reported.identifiers.map((i) => ` · ${i.type.toUpperCase()} ${i.masked}`).join('')}
              </p>
            </div>
            <ReviewEvidence review={r} />
            {r.status === 'open' ? (
              <div className="space-y-3">
                <div className="flex flex-wrap gap-2">
                  <Button
                    onClick={() => merge.mutate({ survivor, ...(note.trim() ? { note } : {}) })}
                    disabled={merge.isPending || keep.isPending}
                  >
                    <GitMerge aria-hidden />
                    {merge.isPending ? 'Merging...' : 'Same person: merge'}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => keep.mutate(note.trim() ? { note } : {})}
                    disabled={merge.isPending || keep.isPending}
                  >
                    <Split aria-hidden />
                    Different people: keep apart
                  </Button>
                </div>
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">
                    Who remains after a merge, and a note for the audit log
                  </summary>
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    <Field id="merge-survivor" label="If merged, who remains">
                      <NativeSelect value={survivor} onChange={(e) => setSurvivor(e.target.value as typeof survivor)}>
                        <option value="candidate">The person already in the registry</option>
                        <option value="record">The new record</option>
                      </NativeSelect>
                    </Field>
                    <Field id="review-note" label="Note (optional, kept in the audit log)">
                      <Textarea value={note} onChange={(e) => setNote(e.target.value)} className="min-h-10" />
                    </Field>
                  </div>
                </details>
                <p className="text-xs text-muted-foreground">
                  Merging moves identifiers, names, phones, addresses, accounts and inquiries to the person who remains, in one step.
                </p>
              </div>
            ) : (
              <Alert variant="info">
                <AlertDescription>
                  This review is {r.status === 'merged' ? 'merged' : 'closed: kept apart'} ({formatDateTime(r.resolvedAt)}).
                </AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              <PersonColumn title="The new record" person={r.record} />
              <PersonColumn title="The person already in the registry" person={r.candidate} />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReviewQueue() {
  const [status, setStatus] = useState('open');
  const [openId, setOpenId] = useState<string | null>(null);
  const reviews = useMatchReviews(status);
  return (
    <SectionCard
      title="Registry review queue"
      description="Records the matcher would not link to a person alone. The evidence for and against is side by side: one click says same person or different people."
      contentClassName="space-y-4"
    >
      <Field id="review-status" label="Show" className="max-w-48">
        <NativeSelect value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="open">Open</option>
          <option value="merged">Merged</option>
          <option value="dismissed">Kept apart</option>
        </NativeSelect>
      </Field>
      <QueryResult
        query={reviews}
        isEmpty={(data) => data.reviews.length === 0}
        empty={status === 'open' ? 'Nothing to review: every reported record found its person.' : 'None yet.'}
        skeletonClassName="h-24"
      >
        {(data) => (
          <Table caption="Matches to review">
            <TableHeader>
              <TableRow>
                <TableHead>New record</TableHead>
                <TableHead>May be</TableHead>
                <TableHead>Why</TableHead>
                <TableHead>Reported by</TableHead>
                <TableHead>When</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.reviews.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="font-medium">{r.recordName}</TableCell>
                  <TableCell>{r.candidateName}</TableCell>
                  <TableCell className="text-xs">{reasonText(r.reason)}</TableCell>
                  <TableCell>{r.businessName ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(r.createdAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" onClick={() => setOpenId(r.id)} aria-label={`Compare ${r.recordName} with ${r.candidateName}`}>
                      Compare
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryResult>
      <ReviewDialog reviewId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

/** Compliance & Audit: the tamper-evident audit log (verify, search) and the registry's review queue. */
export default function AdminCompliancePage() {
  const search = useSearch();
  const [tab, setTab] = useState(new URLSearchParams(search).get('tab') === 'reviews' ? 'reviews' : 'audit');
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="Compliance & Audit"
        description="Verify and search the audit log, and settle the registry's uncertain matches."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="audit">Audit log</TabsTrigger>
          <TabsTrigger value="reviews">Review queue</TabsTrigger>
        </TabsList>
        <TabsContent value="audit" className="space-y-6">
          <AuditVerifyCard />
          <AuditLogSearch />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewQueue />
        </TabsContent>
      </Tabs>
    </div>
  );
}
