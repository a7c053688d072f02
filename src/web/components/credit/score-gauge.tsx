import { SCORE_MAX, SCORE_MIN, type TScoreBand } from '@shared/scoring';
import { cn } from '@web/lib/utils';
import { BandBadge } from './band-badge';

const BAND_STROKE: Record<TScoreBand, string> = { Good: '#059669', Fair: '#d97706', Poor: '#dc2626' };

/**
 * A half-circle gauge from 300 to 850 with the score's needle, its value and band: one gauge for
 * the lender's report and the person's dashboard. Assistive technology reads it as a meter (its
 * value, range and band in words); the drawing itself is hidden from it.
 */
export function ScoreGauge({
  value,
  band,
  className,
  text,
}: {
  value: number;
  band: TScoreBand;
  className?: string;
  /** The meter's name, its value in words and the band, in the reader's language (the consumer portal's catalogue); English otherwise. */
  text?: { label: string; valueText: string; band: string };
}) {
  const share = (Math.min(SCORE_MAX, Math.max(SCORE_MIN, value)) - SCORE_MIN) / (SCORE_MAX - SCORE_MIN);
  const radius = 80;
  const circumference = Math.PI * radius;
  const angle = Math.PI * (1 - share);
  const x = 100 + radius * Math.cos(angle);
  const y = 100 - radius * Math.sin(angle);
  return (
    <div
      role="meter"
      aria-label={text?.label ?? 'Credit score'}
      aria-valuenow={value}
      aria-valuemin={SCORE_MIN}
      aria-valuemax={SCORE_MAX}
      aria-valuetext={text?.valueText ?? `${value}, ${band}, on a scale of ${SCORE_MIN} to ${SCORE_MAX}`}
      className={cn('flex flex-col items-center', className)}
      data-testid="score-gauge"
    >
      <svg viewBox="0 0 200 115" className="w-56 max-w-full" aria-hidden focusable="false">
        <path d="M 20 100 A 80 80 0 0 1 180 100" fill="none" className="stroke-muted" strokeWidth="16" strokeLinecap="round" />
        <path
          d="M 20 100 A 80 80 0 0 1 180 100"
          fill="none"
          stroke={BAND_STROKE[band]}
          strokeWidth="16"
          strokeLinecap="round"
          strokeDasharray={`${circumference * share} ${circumference}`}
        />
        <circle cx={x} cy={y} r="7" fill="white" stroke={BAND_STROKE[band]} strokeWidth="4" />
        <text
          x="100"
          y="88"
          textAnchor="middle"
          className="fill-foreground"
          style={{ fontSize: 34, fontWeight: 700 }}
          data-testid="score-value"
        >
          {value}
        </text>
        <text x="20" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MIN}
        </text>
        <text x="180" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MAX}
        </text>
      </svg>
      <div className="mt-1" aria-hidden>
        <BandBadge band={band} className="text-sm" label={text?.band} />
      </div>
    </div>
  );
}
