/** The badge colour of a score band. */
export function bandVariant(band: string): 'success' | 'warning' | 'destructive' | 'secondary' {
  if (band === 'Good') return 'success';
  if (band === 'Fair') return 'warning';
  if (band === 'Poor') return 'destructive';
  return 'secondary';
}

/** Payment history codes as a person reads them (one map, in @shared/labels). */
export { PAYMENT_MONTH_LABELS as HISTORY_LABELS } from '@shared/labels';

/** Cell colours of the 24-month history (text stays dark on every one). */
export const HISTORY_CELL: Record<string, string> = {
  '0': 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-50',
  '1': 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50',
  '2': 'bg-amber-200 text-amber-950 dark:bg-amber-800/70 dark:text-amber-50',
  '3': 'bg-red-200 text-red-950 dark:bg-red-900/70 dark:text-red-50',
  D: 'bg-red-300 text-red-950 dark:bg-red-800 dark:text-red-50',
  C: 'bg-muted text-foreground',
  '-': 'bg-background text-muted-foreground border',
};
