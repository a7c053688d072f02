import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, Landmark, Scale } from 'lucide-react';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import type { TReportAccount } from '@shared/schemas/credit';
import {
  DISPUTE_MESSAGES,
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
import { Field } from '@web/components/ui/field';
import { NativeSelect, inputClassName } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@shared/format';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useT, withEnglish } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/utils';
import { accountStatusName, accountTypeName } from './account-labels';
import { useDisputes, useFileDispute } from './api/disputes';
import { useOwnReport } from './api/reports';
import { IdentityGate } from './identity-gate';
import { PageHeader } from '@web/components/layout/page-header';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import disputesEnglish from 'english-catalogue:disputes';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ disputes: disputesEnglish });

// The complaint form is a dialog (Radix, about 10 KB compressed) few visits open: it comes when opened (decisions/048).
const ComplainDialog = lazy(() => import('./disputes/complain-dialog'));

/** The form's own check messages (DISPUTE_MESSAGES) in the reader's language; a server's message as sent. */
function validationText(t: TFunction, message: string | undefined): string | undefined {
  const key = Object.entries(DISPUTE_MESSAGES).find(([, text]) => text === message)?.[0];
  return key && ['account', 'reason', 'statementRequired', 'statementWords'].includes(key)
    ? t(`disputes:validation.${key}`, { max: DISPUTE_STATEMENT_MAX_WORDS })
    : message;
}

function FileDisputeForm() {
  const { t } = useT('disputes');
  const own = useOwnReport();
  const disputes = useDisputes();
  const search = useSearch();
  if (own.isPending) return <PageLoading label={t('loadingAccounts')} />;
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
  const { t } = useT(['disputes', 'labels']);
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
        title: t('form.filedToast', { reference: dispute.reference }),
        description: t('form.filedToastText', { date: formatDate(dispute.dueAt) }),
      });
      form.reset({ accountId: '', reason: '' as TFileDispute['reason'], statement: '' });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: t('form.notFiled'), description: errorMessageOf(error, t('form.tryAgain')) });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('form.title')}</h2>
        </CardTitle>
        <CardDescription>{t('form.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('form.nothingToDispute')}</p>
        ) : (
          <form className="grid gap-4 md:grid-cols-2" onSubmit={form.handleSubmit((values) => file.mutate(values))} noValidate>
            <Field id="dispute-account" label={t('form.account')} error={validationText(t, errors.accountId?.message)}>
              <NativeSelect {...form.register('accountId')}>
                <option value="">{t('form.chooseAccount')}</option>
                {accounts.map((a) => (
                  <option key={a.accountId} value={a.accountId}>
                    {a.lender} · {accountTypeName(t, a)} · {a.accountNumber} ({accountStatusName(t, a)},{' '}
                    {formatMoney(a.currency, a.balance)})
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="dispute-reason" label={t('form.reason')} error={validationText(t, errors.reason?.message)}>
              <NativeSelect {...form.register('reason')}>
                <option value="">{t('form.chooseReason')}</option>
                {DISPUTE_REASONS.map((r) => (
                  <option key={r.code} value={r.code}>
                    {t(`reasons.${r.code}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id="dispute-statement"
              label={t('form.statement')}
              className="md:col-span-2"
              error={validationText(t, errors.statement?.message)}
              hint={
                <span aria-live="polite" className={cn(words > DISPUTE_STATEMENT_MAX_WORDS && 'font-medium text-destructive')}>
                  {t('form.words', { words, max: DISPUTE_STATEMENT_MAX_WORDS })}
                </span>
              }
            >
              <textarea {...form.register('statement')} rows={4} className={cn(inputClassName, 'h-auto')} />
            </Field>
            {verifiedAt ? (
              <p className="text-sm md:col-span-2" role="note">
                {t('form.verifiedBefore', { date: formatDate(verifiedAt), min: DISPUTE_NEW_INFORMATION_MIN_CHARS })}
              </p>
            ) : null}
            <div className="md:col-span-2">
              <Button type="submit" disabled={file.isPending}>
                <Scale aria-hidden />
                {file.isPending ? t('form.filing') : t('form.file')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Where the dispute stands; a closed one says how it ended, for the person who filed it. */
function StatusBadge({ dispute }: { dispute: TDispute }) {
  const { t } = useT('disputes');
  if (dispute.status === 'resolved') {
    return <Badge variant="success">{dispute.outcome ? t(`status.${dispute.outcome}`) : t('status.resolved')}</Badge>;
  }
  if (dispute.isOverdue) return <Badge variant="destructive">{t('status.overdue')}</Badge>;
  const days = dispute.daysLeft ?? 0;
  return <Badge variant="warning">{t('status.open', { count: days, formatted: formatNumber(days) })}</Badge>;
}

/** Timeline steps whose note is the lender's answer, already shown above the timeline. */
const ANSWER_KINDS = new Set(['corrected', 'verified', 'removed']);

function DisputeCard({ dispute }: { dispute: TDispute }) {
  const { t } = useT(['disputes', 'labels']);
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
            {accountTypeName(t, dispute.account)} <span className="font-mono">{dispute.account.accountNumber}</span> ·{' '}
            {t(`reasons.${dispute.reason}`, { defaultValue: dispute.reasonLabel })}
          </p>
        </div>
        <StatusBadge dispute={dispute} />
      </div>
      <blockquote className="mt-3 border-l-2 pl-3 text-sm italic">{dispute.statement}</blockquote>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t('card.filed')}</dt>
          <dd>{formatDate(dispute.filedAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('card.answerDue')}</dt>
          <dd>{formatDate(dispute.dueAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('card.balanceWhenFiled')}</dt>
          <dd>{formatMoney(dispute.accountWhenFiled.currency, dispute.accountWhenFiled.balance)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('card.balanceNow')}</dt>
          <dd>{removed ? t('card.offFile') : formatMoney(dispute.account.currency, dispute.account.balance)}</dd>
        </div>
      </dl>
      {dispute.responseNote ? (
        <div className={cn('mt-3 rounded-md p-3 text-sm', corrected || removed ? 'bg-accent/50' : 'bg-muted')}>
          <p className="font-medium">{removed ? t('card.whyRemoved') : t('card.lenderAnswer')}</p>
          <p>{dispute.responseNote}</p>
        </div>
      ) : null}
      <h4 className="mt-4 text-sm font-medium">{t('card.timeline')}</h4>
      <ol className="mt-2 space-y-2 border-l pl-4">
        {dispute.timeline.map((event, i) => (
          <li key={`${event.kind}-${i}`} className="relative text-sm">
            <span className="absolute -left-[21px] top-1 flex size-2.5 rounded-full bg-primary" aria-hidden />
            <span className="text-muted-foreground">{formatDateTime(event.occurredAt)}</span> ·{' '}
            {t(`events.${event.kind}`, { defaultValue: event.text })}
            {event.note && !ANSWER_KINDS.has(event.kind) ? <span className="block text-muted-foreground">{event.note}</span> : null}
          </li>
        ))}
        {dispute.status === 'open' ? (
          <li className="relative text-sm text-muted-foreground">
            <Clock className="absolute -left-[23px] top-0.5 size-3.5" aria-hidden />
            {t('card.waiting')}
          </li>
        ) : (
          <li className="relative text-sm text-muted-foreground">
            <CheckCircle2 className="absolute -left-[23px] top-0.5 size-3.5" aria-hidden />
            {t('card.closed', { date: dispute.resolvedAt ? formatDate(dispute.resolvedAt) : '' })}
          </li>
        )}
      </ol>
      <div className="mt-4 flex justify-end">
        <Button size="sm" variant="outline" onClick={() => setIsComplaining(true)}>
          <Landmark aria-hidden />
          {t('complaint.open')}
        </Button>
      </div>
      {isComplaining ? (
        <Suspense fallback={null}>
          <ComplainDialog dispute={dispute} open={isComplaining} onOpenChange={setIsComplaining} />
        </Suspense>
      ) : null}
    </li>
  );
}

function DisputeList() {
  const { t } = useT('disputes');
  const disputes = useDisputes();
  if (disputes.isPending) return <PageLoading label={t('loadingDisputes')} />;
  if (disputes.isError) return <QueryErrorCard query={disputes} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('list.title', { count: disputes.data.disputes.length })}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {disputes.data.disputes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
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
