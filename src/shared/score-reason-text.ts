import { formatNumber, formatPercent } from './format';

/**
 * A score reason's figures (issue 21): scorecard 2's server sends them with each reason
 * (`params`), so the sentence can be said in any language from the catalogue
 * (`scoring:sentences.<CODE>`). The server's English `text` is built from the same catalogue entry
 * (modules/scoring/reason-sentences.ts), so the two never differ.
 *   count   a number of accounts, months or lenders (the plural form follows it)
 *   amount  Leones past due (whole units)
 *   percent a share, 0.25 for 25 %
 *   variant which sentence of the code (i18next context): 'late', 'now', 'late1'..'late3'
 */
export interface TScoreReasonParams {
  count?: number;
  amount?: number;
  percent?: number;
  variant?: string;
}

/** The i18next options of a reason's sentence: its figures formatted through @shared/format. */
export function reasonSentenceOptions(params: TScoreReasonParams): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  if (params.count !== undefined) Object.assign(options, { count: params.count, formatted: formatNumber(params.count) });
  if (params.amount !== undefined) options.amount = `SLE ${formatNumber(params.amount)}`;
  if (params.percent !== undefined) options.percent = formatPercent(params.percent);
  if (params.variant) options.context = params.variant;
  return options;
}
