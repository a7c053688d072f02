import type { TFraudAlert } from '@shared/schemas/consumer';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';

export const FRAUD_ALERT_TEXT =
  'The person placed a fraud alert on this file: someone may be using their identity. Verify their identity before you lend, open an account or raise a limit.';

/**
 * The fraud alert on a registry file, as every report shows it (credit/report.ts calls this). It
 * belongs to the verified consumer holding the file's NIN, not to the subject id, so it survives an
 * administrator merging two records of the person.
 */
export async function fraudAlertOnFile(db: Database, subjectId: string): Promise<TFraudAlert | null> {
  const [row] = await queryParsedRows(
    db,
    z.object({ placed_at: z.union([z.date(), z.string()]), contact_phone: z.string() }),
    sql`SELECT fa.placed_at, fa.contact_phone
        FROM credit_subject_identifiers i
        JOIN consumer_profiles cp ON cp.national_id = i.value AND cp.identity_verified_at IS NOT NULL
        JOIN consumer_fraud_alerts fa ON fa.consumer_user_id = cp.user_id
        WHERE i.subject_id = ${subjectId}::uuid AND i.type = 'nin'
        LIMIT 1`,
  );
  if (!row) return null;
  return { placedAt: new Date(row.placed_at).toISOString(), contactPhone: row.contact_phone, text: FRAUD_ALERT_TEXT };
}
