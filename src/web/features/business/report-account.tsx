import type { TReportAccount } from '@shared/schemas/credit';
import { formatMoney, formatMonth, formatShortDate } from '@shared/format';
import { AccountLifeFacts, AccountParties, AccountRoleBadge, BalanceHistoryChart } from '@web/components/credit/account-life';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

// An account of a credit report: its figures and 24 months of payment history.

const HISTORY_CLASS: Record<string, string> = {
  on_time: 'bg-emerald-500',
  late_30: 'bg-yellow-400',
  late_60: 'bg-orange-500',
  late_90: 'bg-red-600',
  default: 'bg-red-900',
  closed: 'bg-sky-400',
  no_data: 'bg-muted',
};
const HISTORY_LABEL: Record<string, string> = {
  on_time: 'paid on time',
  late_30: '30 days late',
  late_60: '60 days late',
  late_90: '90 days or more late',
  default: 'in default',
  closed: 'closed',
  no_data: 'no report',
};

/** 24 months of payment history, oldest on the left; each month says what it was. */
export function HistoryStrip({ history }: { history: TReportAccount['paymentHistory'] }) {
  const months = history.slice(0, 24).reverse();
  const blanks = 24 - months.length;
  const summary = months.length === 0 ? 'No monthly payments reported' : `${months.length} months reported, oldest first`;
  return (
    <div className="space-y-1">
      <ol className="flex gap-0.5" aria-label={`Payment history: ${summary}`}>
        {Array.from({ length: blanks }, (_, i) => (
          <li key={`blank-${i}`} className="h-4 flex-1 rounded-[2px] bg-muted/40 print:border print:border-gray-200" aria-hidden />
        ))}
        {months.map((m) => (
          <li
            key={m.month}
            className={cn('h-4 flex-1 rounded-[2px] print:[print-color-adjust:exact]', HISTORY_CLASS[m.status] ?? 'bg-muted')}
            title={`${formatMonth(m.month)}: ${HISTORY_LABEL[m.status] ?? m.status}`}
          >
            <span className="sr-only">
              {formatMonth(m.month)}: {HISTORY_LABEL[m.status] ?? m.status}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted-foreground">24 months, oldest to newest</p>
    </div>
  );
}

export function HistoryLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Payment history colours">
      {Object.entries(HISTORY_LABEL).map(([status, label]) => (
        <li key={status} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-3 rounded-[2px] print:[print-color-adjust:exact]', HISTORY_CLASS[status])} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}

const NEGATIVE = new Set(['late_90', 'default', 'written_off']);

export function AccountCard({ account }: { account: TReportAccount }) {
  return (
    <li className="space-y-3 rounded-lg border p-4 break-inside-avoid" data-testid="report-account">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-semibold">
            {account.lender} · {account.typeName}
          </h4>
          <p className="text-sm text-muted-foreground">
            Account {account.accountNumber}
            {account.isOwnAccount ? ' (yours)' : ''} · opened {formatShortDate(account.openedAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <AccountRoleBadge account={account} />
          {account.disputed ? (
            <Badge variant="warning" data-testid="disputed-flag">
              Disputed
            </Badge>
          ) : null}
          <Badge variant={NEGATIVE.has(account.status) ? 'destructive' : account.status === 'current' ? 'success' : 'secondary'}>
            {account.statusName}
          </Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Borrowed</dt>
          <dd className="font-medium tabular-nums">{formatMoney(account.currency, account.principal)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="font-medium tabular-nums">{formatMoney(account.currency, account.balance)}</dd>
        </div>
        {account.defaultAmount ? (
          <div>
            <dt className="text-muted-foreground">In default</dt>
            <dd className="font-medium tabular-nums text-destructive">
              {formatMoney(account.currency, account.defaultAmount)} on {formatShortDate(account.defaultDate)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">Last reported</dt>
          <dd className="font-medium">{formatShortDate(account.lastReportedAt)}</dd>
        </div>
        <AccountLifeFacts account={account} />
      </dl>
      <AccountParties account={account} />
      <HistoryStrip history={account.paymentHistory} />
      <BalanceHistoryChart account={account} />
      {account.disputed ? (
        <p className="text-sm text-muted-foreground">The person disputes this account. It stays flagged until the lender answers.</p>
      ) : null}
    </li>
  );
}
