import { type TPrivacyStatus } from '@shared/schemas/consumer';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { consumerFraudAlerts } from '../../db/schema/index';
import { recordAuditEvent, type AuditContext } from '../audit';
import { requireOwnSubject, resolveOwnFile, type OwnFile } from '../consumers';
import { fraudAlertOnFile } from './fraud-alert';

// The person's privacy controls on their file: its status (freeze, fraud alert, live consents), the
// freeze and the fraud alert.

export async function getPrivacyStatus(
  db: Database,
  userId: string,
  options: { file?: OwnFile; now?: Date } = {},
): Promise<TPrivacyStatus> {
  const now = options.now ?? new Date();
  const file = options.file ?? (await resolveOwnFile(db, userId));
  const [consents] = await queryParsedRows(
    db,
    z.object({ n: z.coerce.number<number | string>() }),
    sql`SELECT count(*)::int AS n FROM consumer_consents WHERE consumer_user_id = ${userId}::uuid AND revoked_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz`,
  );
  if (file.state !== 'verified' || !file.subjectId)
    return { state: file.state, frozenAt: null, fraudAlert: null, activeConsents: Number(consents?.n ?? 0) };
  const [[subject], fraudAlert] = await Promise.all([
    queryParsedRows(
      db,
      z.object({ frozen_at: z.union([z.date(), z.string()]).nullable() }),
      sql`SELECT frozen_at FROM credit_subjects WHERE id = ${file.subjectId}::uuid`,
    ),
    fraudAlertOnFile(db, file.subjectId),
  ]);
  return {
    state: 'verified',
    frozenAt: subject?.frozen_at ? new Date(subject.frozen_at).toISOString() : null,
    fraudAlert,
    activeConsents: Number(consents?.n ?? 0),
  };
}

/**
 * Freeze: the registry refuses business reports on the file (credit/pull-report.ts reads
 * credit_subjects.frozen_at), except a lender's review of an account it already holds.
 */
export async function setFrozen(db: Database, userId: string, isFrozen: boolean, audit: AuditContext): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (tx) => {
    const changed = await queryParsedRows(
      tx,
      z.object({ id: z.string() }),
      isFrozen
        ? sql`UPDATE credit_subjects SET frozen_at = now() WHERE id = ${subjectId}::uuid AND frozen_at IS NULL RETURNING id`
        : sql`UPDATE credit_subjects SET frozen_at = NULL WHERE id = ${subjectId}::uuid AND frozen_at IS NOT NULL RETURNING id`,
    );
    if (changed.length)
      await recordAuditEvent(tx, {
        ...audit,
        action: isFrozen ? 'consumer.file_frozen' : 'consumer.file_unfrozen',
        subjectId,
        targetType: 'credit_subject',
        targetId: subjectId,
      });
  });
  return getPrivacyStatus(db, userId);
}

export async function placeFraudAlert(
  db: Database,
  userId: string,
  input: { contactPhone: string; note?: string },
  audit: AuditContext,
): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (tx) => {
    await tx
      .insert(consumerFraudAlerts)
      .values({ consumerUserId: userId, contactPhone: input.contactPhone, note: input.note ?? null })
      .onConflictDoUpdate({
        target: consumerFraudAlerts.consumerUserId,
        set: { contactPhone: input.contactPhone, note: input.note ?? null },
      });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consumer.fraud_alert_placed',
      subjectId,
      targetType: 'credit_subject',
      targetId: subjectId,
    });
  });
  return getPrivacyStatus(db, userId);
}

export async function removeFraudAlert(db: Database, userId: string, audit: AuditContext): Promise<TPrivacyStatus> {
  const { subjectId } = await requireOwnSubject(db, userId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(consumerFraudAlerts)
      .where(eq(consumerFraudAlerts.consumerUserId, userId))
      .returning({ id: consumerFraudAlerts.consumerUserId });
    if (removed.length)
      await recordAuditEvent(tx, {
        ...audit,
        action: 'consumer.fraud_alert_removed',
        subjectId,
        targetType: 'credit_subject',
        targetId: subjectId,
      });
  });
  return getPrivacyStatus(db, userId);
}
