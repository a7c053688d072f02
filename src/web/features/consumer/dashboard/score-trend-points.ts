import { formatDate, formatDayMonth, formatShortDate } from '@shared/format';
import { SCORE_MAX, SCORE_MIN } from '@shared/scoring';

export interface TTrendPoint {
  /** The Freetown day, as every date on the page is written. */
  date: string;
  /** The same day, short, for the axis ("22 Nov"; "22 Nov 2026" when the points span more than one year). */
  label: string;
  score: number;
}

/**
 * The score over time as the chart draws it: one point per Freetown day (the day's last score),
 * oldest first, so no date repeats on the axis. `scores` come newest first, as the API gives them;
 * those with no value (a thin file then) are left out.
 */
export function trendPoints(scores: readonly { computedAt: string; value: number | null }[]): TTrendPoint[] {
  const byDay = new Map<string, { date: string; at: string; score: number }>();
  for (const s of [...scores].reverse()) {
    if (s.value === null) continue;
    const date = formatDate(s.computedAt);
    byDay.set(date, { date, at: s.computedAt, score: s.value });
  }
  const days = [...byDay.values()];
  const years = new Set(days.map((d) => d.date.slice(-4)));
  const label = years.size > 1 ? formatShortDate : formatDayMonth;
  return days.map((d) => ({ date: d.date, label: label(d.at), score: d.score }));
}

/** The value axis: the points' range with room around it (tens), within 300..850, so a change shows as a slope, not a line on the axis. */
export function trendDomain(points: readonly TTrendPoint[]): [number, number] {
  const values = points.map((p) => p.score);
  const low = Math.max(SCORE_MIN, Math.floor((Math.min(...values) - 25) / 10) * 10);
  const high = Math.min(SCORE_MAX, Math.ceil((Math.max(...values) + 25) / 10) * 10);
  return [low, high];
}
