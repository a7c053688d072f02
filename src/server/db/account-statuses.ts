import { sql } from 'drizzle-orm';

/** Account statuses that end a relationship: a closed or paid-off account is no longer active. */
export const CLOSED_STATUSES_SQL = sql`('closed', 'paid')`;
