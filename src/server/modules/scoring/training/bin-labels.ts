import { DELINQUENCY_LEVELS, type FeatureUnit } from '../feature-definitions';

/** The plain words for a bin [min, nextMin) in the model card and the model file. */
export function labelBin(unit: FeatureUnit, min: number | null, nextMin: number | null, maxValue?: number): string {
  if (unit === 'recency' && nextMin === null && min !== null && min === maxValue) return `none in the last ${min} months`;
  if (nextMin === null && min !== null && min === maxValue) return unit === 'share' ? percent(min) : String(min);
  switch (unit) {
    case 'level':
      return labelLevels(min ?? 0, nextMin ?? DELINQUENCY_LEVELS.length);
    case 'count':
      return labelIntegers(min, nextMin, '');
    case 'months':
    case 'recency':
      return labelIntegers(min, nextMin, ' months');
    case 'share':
      return labelShares(min, nextMin);
    case 'sle':
      return labelAmounts(min, nextMin);
  }
}

function labelLevels(from: number, to: number): string {
  const names = DELINQUENCY_LEVELS.slice(Math.max(0, from), Math.min(DELINQUENCY_LEVELS.length, to));
  return names.join(' or ');
}

function labelIntegers(min: number | null, nextMin: number | null, suffix: string): string {
  if (min === null && nextMin === null) return `any${suffix}`;
  if (min === null) return nextMin! - 1 <= 0 ? `0${suffix}` : `${nextMin! - 1}${suffix} or fewer`;
  if (nextMin === null) return `${min}${suffix} or more`;
  return nextMin - 1 === min ? `${min}${suffix}` : `${min} to ${nextMin - 1}${suffix}`;
}

const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;

function labelShares(min: number | null, nextMin: number | null): string {
  if (min === null && nextMin === null) return 'any share';
  if (min === null) return `below ${percent(nextMin!)}`;
  if (nextMin === null) return `${percent(min)} or more`;
  return `${percent(min)} to below ${percent(nextMin)}`;
}

const sle = (v: number) => `SLE ${v.toLocaleString('en')}`;

function labelAmounts(min: number | null, nextMin: number | null): string {
  if (min === null && nextMin === null) return 'any amount';
  if (min === null) return nextMin! <= 1 ? 'none' : `below ${sle(nextMin!)}`;
  if (nextMin === null) return `${sle(min)} or more`;
  return `${sle(min)} to below ${sle(nextMin)}`;
}
