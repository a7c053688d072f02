import type { TScoreBand } from '@shared/scoring';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

const BAND_CLASS: Record<TScoreBand, string> = {
  Good: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  Fair: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  Poor: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

/**
 * Good / Fair / Poor, coloured, with the score when there is one: the lender's report and the
 * person's dashboard say it alike. `label` is the band in the reader's language (the consumer
 * portal passes it from its catalogue); English otherwise.
 */
export function BandBadge({
  band,
  score,
  className,
  label,
}: {
  band: TScoreBand | null;
  score?: number | null;
  className?: string;
  label?: string;
}) {
  if (!band) {
    return (
      <Badge variant="outline" className={className}>
        {label ?? 'No score'}
      </Badge>
    );
  }
  return (
    <Badge className={cn(BAND_CLASS[band], className)}>
      {label ?? band}
      {score !== undefined && score !== null ? <span className="ml-1 tabular-nums">{score}</span> : null}
    </Badge>
  );
}
