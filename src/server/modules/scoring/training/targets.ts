/**
 * The bar issue 19 sets for a scorecard fitted on the generated registry, on the holdout of people
 * not in default at the observation date; `npm run model:train` fails below it and the tests hold
 * the committed model to it.
 */
export const TARGET_AUC = 0.77;
export const TARGET_KS = 0.4;
/** No single score value held by more than this share of scored people. */
export const MAX_VALUE_SHARE = 0.03;
/** The best files reach this score; the worst reach the bottom of the scale. */
export const TARGET_BEST_SCORE = 800;
