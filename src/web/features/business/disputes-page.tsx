import { CheckCircle2, Clock, Gavel, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { ACCOUNT_STATUSES } from '@shared/credit-reference';
import { ZDisputeResponseSchema, type TBusinessDispute } from '@shared/schemas/consumer';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field, FieldError } from '@web/components/ui/field';
import { Input, NativeSelect, inputClassName } from '@web/components/ui/input';
import { ShowMore } from '@web/components/ui/show-more';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { refusalOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { itemsOf } from '@web/lib/cursor-pages';
import { cn } from '@web/lib/utils';
import { formatMoney, formatDateTime, formatShortDate, plural } from '@shared/format';
import { useAnswerDispute, useBusinessDisputes } from './api/disputes';
import { SegmentedControl } from './parts';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { paymentHistorySummary } from '@shared/labels';

interface TAnswerForm {
  outcome: '' | 'corrected' | 'verified';
  note: string;
  correction: { status: string; balance: string; principal: string; defaultAmount: string; defaultDate: string; paymentHistory: string };
}

/** The answer as the API takes it: a correction carries only the fields the lender changed. */
function toAnswer(values: TAnswerForm, dispute: TBusinessDispute) {
  if (values.outcome !== 'corrected') return { outcome: values.outcome, note: values.note };
  const current = dispute.account;
  const changed: Record<string, string> = {};
  const was: Record<string, string> = {
    status: current.status,
    balance: current.balance,
    principal: current.principal,
    defaultAmount: current.defaultAmount ?? '',
    defaultDate: current.defaultDate ?? '',
    paymentHistory: current.paymentHistory,
  };
  for (const [key, value] of Object.entries(values.correction)) if (!isSameValue(key, value.trim(), was[key])) changed[key] = value.trim();
  return { outcome: values.outcome, note: values.note, correction: changed };
}

const AMOUNT_FIELDS = ['balance', 'principal', 'defaultAmount'] as const;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const AMOUNT_MESSAGE = 'Enter an amount in figures, such as 1500.00';

/** 1500 and 1500.00 are the same amount: writing it again is no correction. */
function isSameValue(key: string, value: string, was: string): boolean {
  if ((AMOUNT_FIELDS as readonly string[]).includes(key) && AMOUNT.test(value) && AMOUNT.test(was)) return Number(value) === Number(was);
  return value === was;
}

/** The amount fields that are not an amount ("abc"), each with its message. */
function amountErrorsOf(values: TAnswerForm): (typeof AMOUNT_FIELDS)[number][] {
  if (values.outcome !== 'corrected') return [];
  return AMOUNT_FIELDS.filter((key) => values.correction[key].trim() !== '' && !AMOUNT.test(values.correction[key].trim()));
}

function DaysLeft({ dispute }: { dispute: TBusinessDispute }) {
  if (dispute.status !== 'open')
    return <Badge variant="secondary">Resolved {dispute.resolvedAt ? formatShortDate(dispute.resolvedAt) : ''}</Badge>;
  if (dispute.isOverdue)
    return <Badge variant="destructive">Overdue by {plural(Math.abs(dispute.daysLeft ?? 0), { one: 'day', other: 'days' })}</Badge>;
  return (
    <Badge variant={(dispute.daysLeft ?? 0) <= 7 ? 'warning' : 'outline'}>
      {plural(dispute.daysLeft ?? 0, { one: 'day', other: 'days' })} left
    </Badge>
  );
}

function AnswerDialog({ dispute, onClose }: { dispute: TBusinessDispute; onClose: () => void }) {
  const a = dispute.account;
  const form = useForm<TAnswerForm>({
    defaultValues: {
      outcome: '',
      note: '',
      correction: {
        status: a.status,
        balance: a.balance,
        principal: a.principal,
        defaultAmount: a.defaultAmount ?? '',
        defaultDate: a.defaultDate ?? '',
        paymentHistory: a.paymentHistory,
      },
    },
  });
  const { errors } = form.formState;
  const outcome = form.watch('outcome');
  const answer = useAnswerDispute(dispute.id, {
    onSuccess: (result) => {
      toast({
        kind: 'success',
        title: 'Dispute answered',
        description: `${result.reference}: ${result.outcome === 'corrected' ? 'the account is corrected' : 'the entry is confirmed'}; the person is told.`,
      });
      onClose();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      for (const { field, message } of error.fieldErrors) {
        const name = (field === 'correction' ? 'correction.status' : field) as FieldPath<TAnswerForm>;
        form.setError(name, { type: 'server', message });
      }
    },
  });
  const submit = form.handleSubmit((values) => {
    const badAmounts = amountErrorsOf(values);
    for (const key of badAmounts) form.setError(`correction.${key}`, { type: 'validation', message: AMOUNT_MESSAGE });
    if (badAmounts.length > 0) return;
    const parsed = ZDisputeResponseSchema.safeParse(toAnswer(values, dispute));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'outcome';
        const name = (field === 'correction' ? 'correction.status' : field) as FieldPath<TAnswerForm>;
        form.setError(name, { type: 'validation', message: issue.message });
      }
      return;
    }
    answer.mutate(parsed.data);
  });
  const correctionError = (key: keyof TAnswerForm['correction']) => errors.correction?.[key]?.message;
  const refusal = refusalOf(answer.error);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Answer dispute {dispute.reference}</DialogTitle>
          <DialogDescription>
            {dispute.consumer.fullName} disputes account {a.accountNumber}: {dispute.reasonLabel.toLowerCase()}.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={submit} aria-label={`Answer dispute ${dispute.reference}`}>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Your answer</legend>
            <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-describedby={errors.outcome ? 'outcome-error' : undefined}>
              {(
                [
                  ['corrected', 'Corrected', 'The entry was wrong; I change the account below.'],
                  ['verified', 'Verified', 'I checked our records: the entry is right.'],
                ] as const
              ).map(([value, label, description]) => (
                <label
                  key={value}
                  className={cn(
                    'cursor-pointer rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    outcome === value ? 'border-primary bg-accent' : 'hover:bg-muted',
                  )}
                >
                  <input type="radio" className="sr-only" value={value} {...form.register('outcome')} />
                  <span className="block font-medium">{label}</span>
                  <span className="block text-muted-foreground">{description}</span>
                </label>
              ))}
            </div>
            <FieldError id="outcome" message={errors.outcome?.message} />
          </fieldset>

          {outcome === 'corrected' ? (
            <fieldset className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">The account after correction (change what was wrong)</legend>
              <Field id="correction-status" label="Status" error={correctionError('status')}>
                <NativeSelect {...form.register('correction.status')}>
                  {ACCOUNT_STATUSES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="correction-balance" label={`Balance (${a.currency})`} error={correctionError('balance')}>
                <Input inputMode="decimal" {...form.register('correction.balance')} />
              </Field>
              <Field id="correction-principal" label={`Amount borrowed (${a.currency})`} error={correctionError('principal')}>
                <Input inputMode="decimal" {...form.register('correction.principal')} />
              </Field>
              <Field id="correction-defaultAmount" label={`Default amount (${a.currency})`} error={correctionError('defaultAmount')}>
                <Input inputMode="decimal" {...form.register('correction.defaultAmount')} />
              </Field>
              <Field id="correction-defaultDate" label="Default date" error={correctionError('defaultDate')}>
                <Input type="date" {...form.register('correction.defaultDate')} />
              </Field>
              <Field
                id="correction-paymentHistory"
                label="Payment history"
                error={correctionError('paymentHistory')}
                hint="Most recent month first: 0, 1, 2, 3, D, C or -"
              >
                <Input {...form.register('correction.paymentHistory')} />
              </Field>
            </fieldset>
          ) : null}

          <Field
            id="note"
            label="Note to the person"
            error={errors.note?.message}
            hint="What you checked and what you changed. The person and the regulator read it."
          >
            <textarea rows={4} className={cn(inputClassName, 'h-auto')} {...form.register('note')} />
          </Field>

          {refusal ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>Not answered</AlertTitle>
              <AlertDescription>{refusal}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={answer.isPending}>
              <Gavel aria-hidden />
              {answer.isPending ? 'Sending…' : 'Send answer'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** How a closed dispute ended, for the lender that answered it. */
const OUTCOME_LABEL: Record<NonNullable<TBusinessDispute['outcome']>, string> = {
  corrected: 'Resolved: corrected',
  verified: 'Resolved: verified',
  removed: 'Resolved: account removed or moved',
};

// The timeline's texts are written for the person ("off your file"); the steps that read wrong to
// the lender are said from its side.
const LENDER_EVENT_TEXT: Partial<Record<string, string>> = {
  removed: "You took the account off this person's file (removed as reported in error, or moved to the right person)",
};

function DisputeCard({ dispute, onAnswer }: { dispute: TBusinessDispute; onAnswer: () => void }) {
  const a = dispute.account;
  return (
    <Card data-testid="dispute">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle>
            <h3>
              {dispute.reference} · {dispute.consumer.fullName}
            </h3>
          </CardTitle>
          <CardDescription>
            NIN {dispute.consumer.maskedNationalId} · account {a.accountNumber} ({a.typeName}) · filed {formatShortDate(dispute.filedAt)} ·
            answer by {formatShortDate(dispute.dueAt)}
          </CardDescription>
        </div>
        <DaysLeft dispute={dispute} />
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-1">
            <h4 className="text-sm font-medium">{dispute.reasonLabel}</h4>
            <blockquote className="border-l-4 pl-3 text-sm text-muted-foreground">“{dispute.statement}”</blockquote>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="font-medium">{a.statusName}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Balance</dt>
              <dd className="font-medium tabular-nums">{formatMoney(a.currency, a.balance)}</dd>
            </div>
            {a.defaultAmount ? (
              <div>
                <dt className="text-muted-foreground">In default</dt>
                <dd className="font-medium tabular-nums">
                  {formatMoney(a.currency, a.defaultAmount)} on {formatShortDate(a.defaultDate)}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-muted-foreground">History</dt>
              <dd>{paymentHistorySummary(a.paymentHistory)}</dd>
            </div>
          </dl>
        </div>
        {dispute.status === 'resolved' ? (
          <Alert variant="info">
            <CheckCircle2 aria-hidden />
            <AlertTitle>{dispute.outcome ? OUTCOME_LABEL[dispute.outcome] : 'Resolved'}</AlertTitle>
            <AlertDescription>{dispute.responseNote}</AlertDescription>
          </Alert>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Timeline ({dispute.timeline.length})</summary>
          <ol className="mt-2 space-y-1.5 border-l pl-4">
            {dispute.timeline.map((event, i) => (
              <li key={`${event.occurredAt}-${i}`}>
                <span className="text-muted-foreground">{formatDateTime(event.occurredAt)}</span> ·{' '}
                {LENDER_EVENT_TEXT[event.kind] ?? event.text}
                {event.note ? <span className="block text-muted-foreground">“{event.note}”</span> : null}
              </li>
            ))}
          </ol>
        </details>
        {dispute.status === 'open' ? (
          <Button onClick={onAnswer}>
            <Gavel aria-hidden />
            Answer
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

const DISPUTE_FORMS = { one: 'dispute', other: 'disputes' };

export default function DisputesPage() {
  const [status, setStatus] = useState<'open' | 'resolved' | 'all'>('open');
  const disputes = useBusinessDisputes(status);
  const [answering, setAnswering] = useState<TBusinessDispute | null>(null);
  // Every page carries the summary of all of them; the first one read is as fresh as any.
  const summary = disputes.data?.pages[0]?.summary;
  const shown = itemsOf(disputes.data);

  return (
    <div className="space-y-6">
      <PageHeader
        role="business"
        title="Dispute Management"
        description="Your customers' disputes about accounts you reported. Answer each before its deadline: a disputed entry stays flagged until you do, and an unanswered one past its deadline is left out of reports and shown to the regulator."
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard icon={Inbox} label="Open" value={summary?.open ?? ''} isLoading={disputes.isPending} />
        <StatCard icon={Clock} label="Due within 7 days" value={summary?.dueWithin7Days ?? ''} isLoading={disputes.isPending} />
        <StatCard icon={Gavel} label="Overdue" value={summary?.overdue ?? ''} isLoading={disputes.isPending} />
        <StatCard
          icon={CheckCircle2}
          label="Resolved, last 30 days"
          value={summary?.resolvedLast30Days ?? ''}
          isLoading={disputes.isPending}
        />
      </div>
      <SegmentedControl
        label="Show disputes"
        value={status}
        onChange={setStatus}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
          { value: 'all', label: 'All' },
        ]}
      />
      {disputes.isPending ? (
        <Skeleton className="h-48" />
      ) : disputes.isError ? (
        <QueryErrorCard query={disputes} title="Disputes could not be loaded" />
      ) : shown.length === 0 ? (
        <EmptyState icon={Gavel} title={status === 'open' ? 'No open disputes' : 'No disputes'}>
          {status === 'open' ? 'No customer is waiting for an answer.' : 'Disputes about your accounts appear here.'}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-4">
            {shown.map((d) => (
              <li key={d.id}>
                <DisputeCard dispute={d} onAnswer={() => setAnswering(d)} />
              </li>
            ))}
          </ul>
          <ShowMore
            hasMore={disputes.hasNextPage}
            isLoading={disputes.isFetchingNextPage}
            onMore={() => void disputes.fetchNextPage()}
            shown={`Showing ${plural(shown.length, DISPUTE_FORMS)}`}
          />
        </>
      )}
      {answering ? <AnswerDialog dispute={answering} onClose={() => setAnswering(null)} /> : null}
    </div>
  );
}
