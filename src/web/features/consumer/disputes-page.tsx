import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, Landmark, Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import type { TReportAccount } from '@shared/schemas/credit';
import {
  DISPUTE_NEW_INFORMATION_MIN_CHARS,
  DISPUTE_REASONS,
  DISPUTE_STATEMENT_MAX_WORDS,
  ZFileDisputeSchema,
  countWords,
  type TDispute,
  type TFileDispute,
} from '@shared/schemas/consumer';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect, inputClassName } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { formatDate, formatDateTime, formatMoney, plural } from '@shared/format';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/utils';
import { useComplainToRegulator, useDisputes, useFileDispute } from './api/disputes';
import { useOwnReport } from './api/reports';
import { IdentityGate } from './identity-gate';
import { PageHeader } from '@web/components/layout/page-header';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

function FileDisputeForm() {
  const own = useOwnReport();
  const disputes = useDisputes();
  const search = useSearch();
  if (own.isPending) return <PageLoading label="Loading your accounts…" />;
  const accounts = (own.data?.report?.accounts ?? []).filter((a) => !a.disputed);
  return (
    <FileDisputeFormFor
      accounts={accounts}
      verifiedOn={verifiedEntries(disputes.data?.disputes ?? [])}
      preselected={new URLSearchParams(search).get('account') ?? ''}
    />
  );
}

/** Entries whose last dispute the lender answered "verified", with when: a new one needs new information. */
function verifiedEntries(disputes: TDispute[]): Record<string, string> {
  const last = new Map<string, TDispute>();
  for (const d of disputes) {
    const seen = last.get(d.account.accountId);
    if (!seen || d.filedAt > seen.filedAt) last.set(d.account.accountId, d);
  }
  return Object.fromEntries([...last].filter(([, d]) => d.outcome === 'verified' && d.resolvedAt).map(([id, d]) => [id, d.resolvedAt!]));
}

function FileDisputeFormFor({
  accounts,
  verifiedOn,
  preselected,
}: {
  accounts: TReportAccount[];
  verifiedOn: Record<string, string>;
  preselected: string;
}) {
  const form = useForm<TFileDispute>({
    resolver: zodResolver(ZFileDisputeSchema),
    defaultValues: {
      accountId: accounts.some((a) => a.accountId === preselected) ? preselected : '',
      reason: '' as TFileDispute['reason'],
      statement: '',
    },
  });
  const statement = form.watch('statement') ?? '';
  const words = countWords(statement);
  const verifiedAt = verifiedOn[form.watch('accountId') ?? ''];
  const file = useFileDispute({
    onSuccess: (dispute) => {
      toast({
        kind: 'success',
        title: `Dispute ${dispute.reference} filed`,
        description: `The entry is marked disputed. The lender must answer by ${formatDate(dispute.dueAt)}.`,
      });
      form.reset({ accountId: '', reason: '' as TFileDispute['reason'], statement: '' });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: 'Dispute not filed', description: errorMessageOf(error, 'Please try again') });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>File a dispute</h2>
        </CardTitle>
        <CardDescription>
          Challenge one entry of your report, free. It is marked disputed on every report at once, and the lender must answer within the
          deadline.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Every account on your file already has an open dispute, or there is no account to dispute.
          </p>
        ) : (
          <form className="grid gap-4 md:grid-cols-2" onSubmit={form.handleSubmit((values) => file.mutate(values))} noValidate>
            <Field id="dispute-account" label="Account" error={errors.accountId?.message}>
              <NativeSelect {...form.register('accountId')}>
                <option value="">Choose an account…</option>
                {accounts.map((a) => (
                  <option key={a.accountId} value={a.accountId}>
                    {a.lender} · {a.typeName} · {a.accountNumber} ({a.statusName}, {formatMoney(a.currency, a.balance)})
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="dispute-reason" label="What is wrong" error={errors.reason?.message}>
              <NativeSelect {...form.register('reason')}>
                <option value="">Choose a reason…</option>
                {DISPUTE_REASONS.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id="dispute-statement"
              label="Your statement"
              className="md:col-span-2"
              error={errors.statement?.message}
              hint={
                <span aria-live="polite" className={cn(words > DISPUTE_STATEMENT_MAX_WORDS && 'font-medium text-destructive')}>
                  {words} of {DISPUTE_STATEMENT_MAX_WORDS} words. Say what is wrong and what is right; the lender reads it.
                </span>
              }
            >
              <textarea {...form.register('statement')} rows={4} className={cn(inputClassName, 'h-auto')} />
            </Field>
            {verifiedAt ? (
              <p className="text-sm md:col-span-2" role="note">
                The lender checked this entry and verified it on {formatDate(verifiedAt)}. To dispute it again, tell us what is new since
                then (a payment, a date, a document you hold) in at least {DISPUTE_NEW_INFORMATION_MIN_CHARS} characters, not the same as
                your earlier dispute.
              </p>
            ) : null}
            <div className="md:col-span-2">
              <Button type="submit" disabled={file.isPending}>
                <Scale aria-hidden />
                {file.isPending ? 'Filing…' : 'File dispute'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function ComplainDialog({ dispute, open, onOpenChange }: { dispute: TDispute; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [subject, setSubject] = useState(`Dispute ${dispute.reference} with ${dispute.account.lender}`);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const complain = useComplainToRegulator({
    onSuccess: (answer) => {
      toast({
        kind: 'success',
        title: 'Complaint sent to the regulator',
        description: `Reference ${answer.reference}. The Bank of Sierra Leone will look into it.`,
      });
      onOpenChange(false);
    },
    onError: (e) => setError(errorMessageOf(e, 'Please try again')),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complain to the regulator</DialogTitle>
          <DialogDescription>
            The Bank of Sierra Leone supervises lenders and the bureau. Tell them what went wrong with this dispute.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            complain.mutate({ disputeId: dispute.id, subject, description });
          }}
        >
          <Field id="complaint-subject" label="Subject">
            <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={150} />
          </Field>
          <Field id="complaint-description" label="What happened" error={error}>
            <textarea
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={5}
              className={cn(inputClassName, 'h-auto')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={complain.isPending}>
              {complain.isPending ? 'Sending…' : 'Send complaint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** How a closed dispute ended, for the person who filed it. */
const OUTCOME_LABEL: Record<NonNullable<TDispute['outcome']>, string> = {
  corrected: 'Resolved: corrected',
  verified: 'Resolved: verified by the lender',
  removed: 'Resolved: taken off your file',
};

function StatusBadge({ dispute }: { dispute: TDispute }) {
  if (dispute.status === 'resolved') {
    return <Badge variant="success">{dispute.outcome ? OUTCOME_LABEL[dispute.outcome] : 'Resolved'}</Badge>;
  }
  if (dispute.isOverdue) return <Badge variant="destructive">Overdue: the lender missed the deadline</Badge>;
  return <Badge variant="warning">Open · {plural(dispute.daysLeft ?? 0, { one: 'day', other: 'days' })} left</Badge>;
}

/** Timeline steps whose note is the lender's answer, already shown above the timeline. */
const ANSWER_KINDS = new Set(['corrected', 'verified', 'removed']);

function DisputeCard({ dispute }: { dispute: TDispute }) {
  const [isComplaining, setIsComplaining] = useState(false);
  const corrected = dispute.outcome === 'corrected';
  // Taken off the file (removed as reported in error, or moved to the right person): no balance now.
  const removed = dispute.outcome === 'removed';
  return (
    <li className="rounded-lg border bg-card p-4" data-testid="dispute">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {dispute.reference} · {dispute.account.lender}
          </h3>
          <p className="text-sm text-muted-foreground">
            {dispute.account.typeName} <span className="font-mono">{dispute.account.accountNumber}</span> · {dispute.reasonLabel}
          </p>
        </div>
        <StatusBadge dispute={dispute} />
      </div>
      <blockquote className="mt-3 border-l-2 pl-3 text-sm italic">{dispute.statement}</blockquote>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Filed</dt>
          <dd>{formatDate(dispute.filedAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Answer due</dt>
          <dd>{formatDate(dispute.dueAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance when filed</dt>
          <dd>{formatMoney(dispute.accountWhenFiled.currency, dispute.accountWhenFiled.balance)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance now</dt>
          <dd>{removed ? 'Off your file' : formatMoney(dispute.account.currency, dispute.account.balance)}</dd>
        </div>
      </dl>
      {dispute.responseNote ? (
        <div className={cn('mt-3 rounded-md p-3 text-sm', corrected || removed ? 'bg-accent/50' : 'bg-muted')}>
          <p className="font-medium">{removed ? 'Why the lender took it off your file' : "The lender's answer"}</p>
          <p>{dispute.responseNote}</p>
        </div>
      ) : null}
      <h4 className="mt-4 text-sm font-medium">Timeline</h4>
      <ol className="mt-2 space-y-2 border-l pl-4">
        {dispute.timeline.map((event, i) => (
          <li key={`${event.kind}-${i}`} className="relative text-sm">
            <span className="absolute -left-[21px] top-1 flex size-2.5 rounded-full bg-primary" aria-hidden />
            <span className="text-muted-foreground">{formatDateTime(event.occurredAt)}</span> · {event.text}
            {event.note && !ANSWER_KINDS.has(event.kind) ? <span className="block text-muted-foreground">{event.note}</span> : null}
          </li>
        ))}
        {dispute.status === 'open' ? (
          <li className="relative text-sm text-muted-foreground">
            <Clock className="absolute -left-[23px] top-0.5 size-3.5" aria-hidden />
            Waiting for the lender&apos;s answer
          </li>
        ) : (
          <li className="relative text-sm text-muted-foreground">
            <CheckCircle2 className="absolute -left-[23px] top-0.5 size-3.5" aria-hidden />
            Closed {dispute.resolvedAt ? formatDate(dispute.resolvedAt) : ''}
          </li>
        )}
      </ol>
      <div className="mt-4 flex justify-end">
        <Button size="sm" variant="outline" onClick={() => setIsComplaining(true)}>
          <Landmark aria-hidden />
          Complain to the regulator
        </Button>
      </div>
      {isComplaining ? <ComplainDialog dispute={dispute} open={isComplaining} onOpenChange={setIsComplaining} /> : null}
    </li>
  );
}

function DisputeList() {
  const disputes = useDisputes();
  if (disputes.isPending) return <PageLoading label="Loading your disputes…" />;
  if (disputes.isError) return <QueryErrorCard query={disputes} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your disputes ({disputes.data.disputes.length})</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {disputes.data.disputes.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have not disputed any entry.</p>
        ) : (
          <ul className="space-y-4">
            {disputes.data.disputes.map((d) => (
              <DisputeCard key={d.id} dispute={d} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Disputes: file one on an entry of your own file, follow each step, complain if it goes wrong. */
export default function ConsumerDisputesPage() {
  const { t: tPage } = useT('disputes');
  return (
    <div className="space-y-6">
      <PageHeader role="consumer" title={tPage('title')} description={tPage('description')} />
      <IdentityGate>
        <div className="space-y-6">
          <FileDisputeForm />
          <DisputeList />
        </div>
      </IdentityGate>
    </div>
  );
}
