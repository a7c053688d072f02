import { CheckCircle2, FileDown, FileSpreadsheet, Search, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { QueryErrorAlert, QueryErrorCard } from '@web/components/ui/query-error-alert';
import { errorMessageOf } from '@web/lib/form-errors';
import { downloadSealHeads, useAuditEvents, useLatestSealHead, useVerifyAuditLog, type TAuditFilters } from '@web/lib/audit-log';
import { toast } from '@web/lib/toast';
import { formatDateTime, formatNumber, labelFromAuditAction, labelFromCode, plural } from '@shared/format';
import { plainDetails, roleLabel } from '@shared/labels';
import type { TAuditVerification } from '@shared/schemas/oversight';
import { SectionCard } from '@web/components/ui/section-card';

/** What verify said about the head held outside the database, in one sentence. */
function outsideHeadSentence(result: TAuditVerification): string {
  if (!result.outsideHeadChecked)
    return 'No seal heads are kept outside the database on this server, so deleted newest seals would not show.';
  if (!result.outsideHead) return 'No seal head has been written outside the database yet.';
  return `Checked against seal ${formatNumber(result.outsideHead.sequence)}, the last head written outside the database.`;
}

/** Checks the tamper-evident log on demand (it reads the whole log, so not on every page load). */
export function AuditVerifyCard() {
  const verify = useVerifyAuditLog();
  const result = verify.data;
  return (
    <SectionCard
      title="Verify the audit log"
      description="Every event carries the hash of its content; events are sealed in batches under Merkle roots chained to each other. Verification recomputes all of them: an edited or deleted event is reported."
      contentClassName="space-y-4"
    >
      <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
        <ShieldCheck aria-hidden />
        {verify.isPending ? 'Verifying...' : 'Verify now'}
      </Button>
      <QueryErrorAlert error={verify.error} />
      {result ? (
        <VerificationAlert
          result={result}
          isIntact={result.valid}
          testId="audit-verify-result"
          intactTitle="The audit log is intact"
          alteredProblem="A stored event does not match its hash."
        />
      ) : null}
    </SectionCard>
  );
}

/** The outcome of a verification: intact (what was checked), or altered (what failed first). */
function VerificationAlert({
  result,
  isIntact,
  testId,
  intactTitle,
  alteredProblem,
}: {
  result: TAuditVerification;
  isIntact: boolean;
  testId: string;
  intactTitle: string;
  /** Said when the server names no problem. */
  alteredProblem: string;
}) {
  if (isIntact)
    return (
      <Alert variant="info" role="status" data-testid={testId}>
        <CheckCircle2 aria-hidden />
        <AlertTitle>{intactTitle}</AlertTitle>
        <AlertDescription>
          {plural(result.checked, { one: 'event', other: 'events' })} and {plural(result.seals, { one: 'seal', other: 'seals' })} checked.{' '}
          {outsideHeadSentence(result)}
        </AlertDescription>
      </Alert>
    );
  return (
    <Alert variant="destructive" role="alert" data-testid={testId}>
      <ShieldAlert aria-hidden />
      <AlertTitle>The audit log has been altered</AlertTitle>
      <AlertDescription>
        {result.problem ?? alteredProblem}
        {result.firstBadEventId ? ` First bad event: #${result.firstBadEventId}.` : ''}
      </AlertDescription>
    </Alert>
  );
}

const SEAL_HASH = /^[0-9a-fA-F]{64}$/;

/**
 * The seal heads written outside the database, for the regulator to keep: the latest one, a
 * download of all of them, and a check that a head kept earlier is still in the chain.
 */
export function SealHeadsCard() {
  const latest = useLatestSealHead();
  const [kept, setKept] = useState('');
  const [keptError, setKeptError] = useState<string | null>(null);
  const check = useVerifyAuditLog();
  const [isDownloading, setIsDownloading] = useState<'csv' | 'json' | null>(null);
  const download = async (format: 'csv' | 'json') => {
    setIsDownloading(format);
    try {
      await downloadSealHeads(format);
    } catch (error) {
      toast({ kind: 'error', title: 'Download failed', description: errorMessageOf(error, 'Please try again.') });
    } finally {
      setIsDownloading(null);
    }
  };
  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    const head = kept.trim();
    if (!SEAL_HASH.test(head)) {
      setKeptError('Enter a seal hash: 64 characters, 0-9 and a-f');
      return;
    }
    setKeptError(null);
    check.mutate(head);
  };
  const head = latest.data?.latest;
  const result = check.data;
  return (
    <SectionCard
      title="Seal heads kept outside the database"
      description="Each seal of the audit log carries a hash keyed with a secret the database does not hold, and its head is also written to a file outside the database. Download the heads regularly and keep them: a head you kept must always be found in the chain, and the log is checked against the last head written."
      contentClassName="space-y-4"
    >
      <QueryErrorCard query={latest} />
      {latest.isLoading ? (
        <Skeleton className="h-20 w-full" />
      ) : latest.data && !latest.data.isKept ? (
        <Alert variant="destructive" role="alert">
          <ShieldAlert aria-hidden />
          <AlertTitle>No seal heads are kept on this server</AlertTitle>
          <AlertDescription>
            Ask the operator to set AUDIT_HEAD_FILE: without it, deleting the newest seals would not show.
          </AlertDescription>
        </Alert>
      ) : head ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="latest-seal-head">
          <dt className="text-muted-foreground">Latest seal</dt>
          <dd className="tabular-nums">
            #{formatNumber(head.sequence)}, {formatDateTime(head.sealedAt)}, up to event #{formatNumber(head.lastEventId)}
          </dd>
          <dt className="text-muted-foreground">Seal hash</dt>
          <dd className="break-all font-mono text-xs">{head.sealHash}</dd>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">No seal head has been written yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => download('csv')} disabled={!!isDownloading}>
          <FileSpreadsheet aria-hidden />
          {isDownloading === 'csv' ? 'Downloading...' : 'Download seal heads (CSV)'}
        </Button>
        <Button type="button" variant="outline" onClick={() => download('json')} disabled={!!isDownloading}>
          <FileDown aria-hidden />
          {isDownloading === 'json' ? 'Downloading...' : 'Download seal heads (JSON)'}
        </Button>
      </div>
      <form onSubmit={onCheck} className="flex flex-wrap items-end gap-3" aria-label="Check a seal head you kept" noValidate>
        <Field id="kept-head" label="A seal hash you kept" error={keptError ?? undefined} className="min-w-0 flex-1">
          <Input
            value={kept}
            onChange={(e) => setKept(e.target.value)}
            placeholder="64 characters, 0-9 and a-f"
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
        <Button type="submit" disabled={check.isPending}>
          <ShieldCheck aria-hidden />
          {check.isPending ? 'Checking...' : 'Check it is in the chain'}
        </Button>
      </form>
      <QueryErrorAlert error={check.error} />
      {result ? (
        <VerificationAlert
          result={result}
          isIntact={result.valid && result.givenHeadFound === true}
          testId="kept-head-result"
          intactTitle="The head you kept is in the chain, and the log is intact"
          alteredProblem="The head you kept is not in the chain."
        />
      ) : null}
    </SectionCard>
  );
}

const EMPTY: TAuditFilters = { action: '', from: '', to: '', businessId: '' };

/** Search of the audit log, newest first, 50 at a time; read-only for everyone. */
export function AuditLogSearch() {
  const [draft, setDraft] = useState<TAuditFilters>(EMPTY);
  const [filters, setFilters] = useState<TAuditFilters>(EMPTY);
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const before = pages[pages.length - 1];
  const events = useAuditEvents(filters, before);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPages([null]);
  };
  return (
    <SectionCard
      title="Search the audit log"
      description="Every sign-in, search, report, submission, dispute step, consent change and administrative action. Identification numbers are never stored in full."
      contentClassName="space-y-4"
    >
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label="Audit log filters">
        <Field id="audit-action" label="Action" hint="e.g. auth.login, credit.report">
          <Input value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} placeholder="any action" />
        </Field>
        <Field id="audit-from" label="From">
          <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Field>
        <Field id="audit-to" label="To">
          <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field>
        <Field id="audit-business" label="Business id">
          <Input value={draft.businessId} onChange={(e) => setDraft({ ...draft, businessId: e.target.value })} placeholder="any business" />
        </Field>
        <div className="flex gap-2 lg:pb-0.5">
          <Button type="submit">
            <Search aria-hidden />
            Search
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setPages([null]);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {events.isError ? (
        <QueryErrorCard query={events} />
      ) : events.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : events.data && events.data.events.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No events match these filters.</p>
      ) : (
        <Table caption="Audit events, newest first">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>When</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.data?.events.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="tabular-nums text-muted-foreground">{e.id}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(e.occurredAt)}</TableCell>
                <TableCell>
                  {/* The code stays on hover: the action filter above takes it. */}
                  <span className="font-medium" title={e.action}>
                    {labelFromAuditAction(e.action)}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{e.actorRole ? roleLabel(e.actorRole) : 'System'}</TableCell>
                <TableCell className="max-w-48 truncate" title={e.targetId ?? undefined}>
                  {e.targetType ? `${labelFromCode(e.targetType)}${e.targetId ? ` ${e.targetId.slice(0, 18)}` : ''}` : '—'}
                </TableCell>
                <TableCell className="whitespace-nowrap font-mono text-xs">{e.ip ?? '—'}</TableCell>
                <TableCell className="max-w-64">
                  <p className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">{plainDetails(e.details)}</p>
                  {e.sealed ? null : (
                    <Badge variant="outline" className="mt-1">
                      not sealed yet
                    </Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="flex justify-between gap-2">
        <Button variant="outline" size="sm" disabled={pages.length <= 1} onClick={() => setPages(pages.slice(0, -1))}>
          Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!events.data?.nextBefore}
          onClick={() => events.data?.nextBefore && setPages([...pages, events.data.nextBefore])}
        >
          Older
        </Button>
      </div>
    </SectionCard>
  );
}
