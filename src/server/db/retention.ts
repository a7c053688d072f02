import { sql, type SQL } from 'drizzle-orm';
import { SETTING_DEFAULTS } from '../modules/settings';
import { instantSql } from './instant';

/**
 * The retention of negative data (Credit Reference Act, 2011), one definition for the report, its
 * score and the portfolio scores: a default is reported for `retention_years` (a setting) from its
 * default date. Past that, a defaulted or written-off account is left out altogether, and an account
 * repaid since keeps its history but loses the default's amount and date. Computed in SQL so every
 * reader applies the same dates (a leap day, the setting read in the same statement).
 */

/** The earliest default date still reported as of `asOf` (an SQL date). */
export function retentionCutoffSql(asOf: Date | SQL): SQL {
  return sql`((${instantSql(asOf)} AT TIME ZONE 'UTC')
    - make_interval(years => COALESCE((SELECT (value #>> '{}')::int FROM settings WHERE key = 'retention_years'), ${SETTING_DEFAULTS.retention_years})))::date`;
}

/** Whether the default of `account` (a table alias) is past retention, given the cutoff (SQL boolean). */
export function isDefaultPastRetentionSql(account: SQL, cutoff: SQL): SQL {
  return sql`(${account}.default_date IS NOT NULL AND ${account}.default_date < ${cutoff})`;
}

/** Whether `account` is left out of the file altogether: a default or write-off past retention (SQL boolean). */
export function isDroppedByRetentionSql(account: SQL, cutoff: SQL): SQL {
  return sql`(${isDefaultPastRetentionSql(account, cutoff)} AND ${account}.status IN ('default', 'written_off'))`;
}
