import { ArrowRightLeft, FileSearch, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { CLIENT_ACCOUNT_FILTERS, type TClientAccount } from '@shared/schemas/business';
import { formatMoney, formatShortDate, plural } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { MoveAccountDialog, RemoveAccountDialog } from './account-correction-dialogs';
import { useClientAccounts } from './api/accounts';
import { EMPTY_ACCOUNT_FORM, type TAccountForm } from './defaulter-form';

const FILTER_LABEL: Record<(typeof CLIENT_ACCOUNT_FILTERS)[number], string> = {
  all: 'All accounts',
  open: 'Open',
  negative: 'Seriously late or in default',
  disputed: 'Disputed',
  current: 'Current',
  late_30: '30 days late',
  late_60: '60 days late',
  late_90: '90 days or more late',
  default: 'In default',
  written_off: 'Written off',
  closed: 'Closed',
  paid: 'Paid in full',
};

/** An account as the form's starting point: the account and the names; ID numbers are typed again. */
function formOf(a: TClientAccount): TAccountForm {
  return {
    subject: {
      ...EMPTY_ACCOUNT_FORM.subject,
      firstName: a.firstName,
      middleName: a.middleName ?? '',
      lastName: a.lastName,
      dateOfBirth: a.dateOfBirth ?? '',
    },
    account: {
      accountNumber: a.accountNumber,
      type: a.type,
      currency: a.currency,
      principal: a.principal,
      balance: a.balance,
      openedAt: a.openedAt,
      status: a.status,
      defaultAmount: a.defaultAmount ?? '',
      defaultDate: a.defaultDate ?? '',
      paymentHistory: a.paymentHistory,
    },
  };
}

type TCorrection = { kind: 'remove' | 'move'; account: TClientAccount };

/**
 * The accounts the business reported (the Clients tab of Submit Reports): found by number or name,
 * filtered by status; each can be updated, its person's report reviewed, or corrected when it was
 * reported in error (removed, or moved to the right person).
 */
export function ClientAccounts({ onUpdate }: { onUpdate: (form: TAccountForm) => void }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof CLIENT_ACCOUNT_FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<TCorrection | null>(null);
  const accounts = useClientAccounts(search, status, page);
  const data = accounts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="space-y-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        role="search"
        aria-label="Find a client"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(q.trim());
        }}
      >
        <Field id="client-q" label="Account number or name" className="flex-1">
          <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="DMF-LN-0001 or Aminata Kamara" />
        </Field>
        <Field id="client-status" label="Status" className="sm:w-64">
          <NativeSelect
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as typeof status);
            }}
          >
            {CLIENT_ACCOUNT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABEL[f]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Find
        </Button>
      </form>
      {accounts.isPending ? (
        <Skeleton className="h-64" />
      ) : !data || data.accounts.length === 0 ? (
        <EmptyState icon={Users} title="No accounts found">
          {search || status !== 'all' ? 'No account you reported matches this search.' : 'Accounts you report appear here.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(data.total, { one: 'account', other: 'accounts' })}
          </p>
          <ul className="divide-y rounded-lg border" data-testid="client-accounts">
            {data.accounts.map((a) => (
              <li key={a.accountId} className="space-y-3 p-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-medium">
                      {a.fullName} <span className="font-normal text-muted-foreground">· NIN {a.maskedNationalId ?? 'not on file'}</span>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {a.accountNumber} · {a.typeName} · balance {formatMoney(a.currency, a.balance)} · reported{' '}
                      {formatShortDate(a.lastReportedAt)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {a.disputed ? <Badge variant="warning">Disputed</Badge> : null}
                    <Badge variant={a.isNegative ? 'destructive' : a.status === 'current' ? 'success' : 'secondary'}>{a.statusName}</Badge>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onUpdate(formOf(a))}
                    aria-label={`Report a change to ${a.accountNumber}`}
                  >
                    <Pencil aria-hidden />
                    Update
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <Link
                      href={`/business/search?subject=${a.subjectId}&name=${encodeURIComponent(a.fullName)}`}
                      aria-label={`Review the report of ${a.fullName}`}
                    >
                      <FileSearch aria-hidden />
                      Review
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setCorrecting({ kind: 'move', account: a })}
                    aria-label={`Move to the right person, account ${a.accountNumber}`}
                  >
                    <ArrowRightLeft aria-hidden />
                    Move to the right person
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setCorrecting({ kind: 'remove', account: a })}
                    aria-label={`Remove (reported in error), account ${a.accountNumber}`}
                  >
                    <Trash2 aria-hidden />
                    Remove (reported in error)
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label="Pages">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {correcting?.kind === 'remove' ? <RemoveAccountDialog account={correcting.account} onClose={() => setCorrecting(null)} /> : null}
      {correcting?.kind === 'move' ? <MoveAccountDialog account={correcting.account} onClose={() => setCorrecting(null)} /> : null}
    </div>
  );
}
