import { Scale } from 'lucide-react';
import { Link } from 'wouter';
import type { TReportAccount } from '@shared/schemas/credit';
import { formatDate, formatMoney, formatShortMonth } from '@shared/format';
import { AccountLifeFacts, AccountParties, AccountRoleBadge, BalanceHistoryChart } from '@web/components/credit/account-life';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { accountStatusName, accountTypeName } from '../account-labels';
import { HISTORY_CELL } from '../score-band';

function HistoryGrid({ account }: { account: TReportAccount }) {
  const { t } = useT(['reports', 'labels']);
  const monthLabel = (code: string) => t(`labels:paymentMonth.${code}`, { defaultValue: code });
  if (account.paymentHistory.length === 0) return <p className="text-sm text-muted-foreground">{t('account.noPayments')}</p>;
  return (
    <ol className="grid grid-cols-6 gap-1 sm:grid-cols-12" aria-label={t('account.historyLabel', { account: account.accountNumber })}>
      {account.paymentHistory.map((cell) => (
        <li
          key={cell.month}
          className={cn('rounded px-1 py-1 text-center', HISTORY_CELL[cell.code] ?? HISTORY_CELL['-'])}
          title={`${formatShortMonth(cell.month)}: ${monthLabel(cell.code)}`}
        >
          <span className="block text-[10px] leading-tight">{formatShortMonth(cell.month)}</span>
          <span className="block text-sm font-semibold">{cell.code}</span>
          <span className="sr-only">{monthLabel(cell.code)}</span>
        </li>
      ))}
    </ol>
  );
}

/** An account of the person's report, its 24 months and the way to dispute it. */
export function AccountCard({ account, openDispute }: { account: TReportAccount; openDispute?: { reference: string; dueAt: string } }) {
  const { t } = useT(['reports', 'labels']);
  const say = (key: string, params?: Record<string, string | number>) => t(`life.${key}`, params);
  const isNegative = ['late_90', 'default', 'written_off'].includes(account.status);
  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {account.lender} · {accountTypeName(t, account)}
          </h3>
          <p className="font-mono text-sm text-muted-foreground">{account.accountNumber}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AccountRoleBadge account={account} say={say} />
          <Badge variant={isNegative ? 'destructive' : 'secondary'}>{accountStatusName(t, account)}</Badge>
          {account.disputed ? (
            <Badge variant="warning">
              {t('account.disputed')}
              {openDispute ? ` · ${openDispute.reference}` : ''}
            </Badge>
          ) : null}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t('account.amountBorrowed')}</dt>
          <dd>{formatMoney(account.currency, account.principal)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('account.balance')}</dt>
          <dd>{formatMoney(account.currency, account.balance)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('account.opened')}</dt>
          <dd>{formatDate(account.openedAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('account.lastReported')}</dt>
          <dd>{formatDate(account.lastReportedAt)}</dd>
        </div>
        {account.defaultAmount ? (
          <div className="col-span-2">
            <dt className="text-muted-foreground">{t('account.default')}</dt>
            <dd>
              {t('account.defaultOn', {
                amount: formatMoney(account.currency, account.defaultAmount),
                date: account.defaultDate ? formatDate(account.defaultDate) : '—',
              })}
            </dd>
          </div>
        ) : null}
        <AccountLifeFacts account={account} say={say} />
      </dl>
      <div className="mt-3 space-y-3">
        <AccountParties account={account} say={say} />
        <HistoryGrid account={account} />
        <BalanceHistoryChart account={account} say={say} />
      </div>
      <div className="mt-3 flex justify-end">
        {account.disputed ? (
          <Link href="/consumer/disputes" className="text-sm font-medium text-primary hover:underline">
            {t('account.seeDispute')}
          </Link>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link href={`/consumer/disputes?account=${account.accountId}`}>
              <Scale aria-hidden />
              {t('account.disputeEntry')}
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
