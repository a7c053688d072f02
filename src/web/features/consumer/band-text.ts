import type { TFunction } from 'i18next';
import { SCORE_MAX, SCORE_MIN, type TScoreBand } from '@shared/scoring';

/** A band in the portal's language ("Gud" for Good), or "No score" for none. */
export function bandLabel(t: TFunction, band: TScoreBand | string | null): string {
  return t(`portal:band.${band ?? 'none'}`, { defaultValue: band ?? '' });
}

/** The score gauge's words in the portal's language (ScoreGauge's `text`). */
export function gaugeText(t: TFunction, value: number, band: TScoreBand) {
  const bandText = bandLabel(t, band);
  return {
    label: t('portal:gauge.label'),
    valueText: t('portal:gauge.valueText', { value, band: bandText, min: SCORE_MIN, max: SCORE_MAX }),
    band: bandText,
  };
}
