import {
  accountLifeFacts,
  accountPartiesText,
  accountRoleName,
  balanceChartWords,
  balanceMonthText,
  sayEnglish,
  type TAccountLifeSay,
} from '@shared/account-life';
import type { TReportAccount } from '@shared/schemas/credit';
import { Badge } from '@web/components/ui/badge';

// An account's life on the report pages (issue 17): what the lender reported beyond balance and
// status, the person's role and the others on the account, and a small chart of its months of
// balance. The business's and the consumer's report pages both use these; the PDF says the same
// through the same wording (@shared/account-life). English unless given `say` (the consumer portal
// passes its catalogue's words, decisions/047).

/** Each reported fact as a dt/dd pair, for the account card's own dl. */
export function AccountLifeFacts({ account, say = sayEnglish }: { account: TReportAccount; say?: TAccountLifeSay }) {
  return accountLifeFacts(account, say).map((fact) => (
    <div key={fact.label}>
      <dt className="text-muted-foreground">{fact.label}</dt>
      <dd className="font-medium tabular-nums">{fact.value}</dd>
    </div>
  ));
}

/** A badge for a person who is not the account's borrower: "Guarantor". */
export function AccountRoleBadge({ account, say = sayEnglish }: { account: TReportAccount; say?: TAccountLifeSay }) {
  if (account.role === 'borrower') return null;
  return (
    <Badge variant="outline" data-testid="account-role">
      {accountRoleName(account.role, say)}
    </Badge>
  );
}

/** "Others on this account: ..." when there are any. */
export function AccountParties({ account, say = sayEnglish }: { account: TReportAccount; say?: TAccountLifeSay }) {
  const text = accountPartiesText(account, say);
  if (!text) return null;
  return (
    <p className="text-sm" data-testid="account-parties">
      <span className="text-muted-foreground">{say('othersOnAccount')}</span>
      {text}
    </p>
  );
}

const CHART_HEIGHT = 56;

/**
 * The months of balance the lender reported, oldest on the left, the part past due darker; the
 * months are also listed for screen readers. Nothing when no month was reported.
 */
export function BalanceHistoryChart({ account, say = sayEnglish }: { account: TReportAccount; say?: TAccountLifeSay }) {
  const months = [...account.balanceHistory].reverse();
  if (months.length === 0) return null;
  // Heights only: each value is shown as text through @shared/format below and in the list.
  const amount = (value: string | null) => (value === null ? 0 : Number(value));
  const highest = Math.max(...months.map((m) => amount(m.balance)), 1);
  // At least twelve slots, the newest month on the right: a short history is not stretched.
  const slots = Math.max(months.length, 12);
  const slot = 100 / slots;
  const words = balanceChartWords(account, say);
  return (
    <figure className="space-y-1" data-testid="balance-history">
      <figcaption className="flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>{words.caption}</span>
        <span className="flex items-center gap-3" aria-hidden>
          <span className="flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-[2px] bg-primary/60" /> {words.balance}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-[2px] bg-destructive" /> {words.pastDue}
          </span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 100 ${CHART_HEIGHT}`} preserveAspectRatio="none" className="h-14 w-full" aria-hidden>
        <line
          x1="0"
          x2="100"
          y1={CHART_HEIGHT - 0.5}
          y2={CHART_HEIGHT - 0.5}
          className="stroke-border"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        {months.map((m, i) => {
          const height = (amount(m.balance) / highest) * (CHART_HEIGHT - 4);
          const pastDue = Math.min(height, (amount(m.amountPastDue) / highest) * (CHART_HEIGHT - 4));
          const x = (slots - months.length + i) * slot + slot * 0.15;
          return (
            <g key={m.month}>
              <rect x={x} width={slot * 0.7} y={CHART_HEIGHT - height} height={height} className="fill-primary/60" />
              {pastDue > 0 ? (
                <rect x={x} width={slot * 0.7} y={CHART_HEIGHT - pastDue} height={pastDue} className="fill-destructive" />
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{words.from}</span>
        <span>{words.to}</span>
      </div>
      <ol className="sr-only" aria-label={words.list}>
        {account.balanceHistory.map((m) => (
          <li key={m.month}>{balanceMonthText(account, m, say)}</li>
        ))}
      </ol>
    </figure>
  );
}
