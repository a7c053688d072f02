import { SCORE_MAX, SCORE_MIN, type TScoreBand } from '@shared/scoring';
import { BandBadge } from './parts';

const BAND_STROKE: Record<TScoreBand, string> = { Good: '#059669', Fair: '#d97706', Poor: '#dc2626' };

/** A half-circle gauge from 300 to 850 with the score's needle, its value and band. */
export function ScoreGauge({ value, band }: { value: number; band: TScoreBand }) {
  const share = (Math.min(SCORE_MAX, Math.max(SCORE_MIN, value)) - SCORE_MIN) / (SCORE_MAX - SCORE_MIN);
  const radius = 80;
  const circumference = Math.PI * radius;
  const angle = Math.PI * (1 - share);
  const x = 100 + radius * Math.cos(angle);
  const y = 100 - radius * Math.sin(angle);
  return (
    <figure className="flex flex-col items-center" aria-label={`Credit score ${value} of ${SCORE_MAX}, ${band}`}>
      <svg viewBox="0 0 200 115" className="w-56 max-w-full" role="img" aria-hidden>
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
        <text x="100" y="88" textAnchor="middle" className="fill-foreground" style={{ fontSize: 34, fontWeight: 700 }}>
          {value}
        </text>
        <text x="20" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MIN}
        </text>
        <text x="180" y="114" textAnchor="middle" className="fill-muted-foreground" style={{ fontSize: 10 }}>
          {SCORE_MAX}
        </text>
      </svg>
      <figcaption className="mt-1">
        <BandBadge band={band} className="text-sm" />
      </figcaption>
    </figure>
  );
}
