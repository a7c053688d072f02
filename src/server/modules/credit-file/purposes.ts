import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { permissiblePurposes } from '../../db/schema/index';

/** The purposes a business may give, in the order administrators set. */
export async function listPurposes(db: Database) {
  return db
    .select({ code: permissiblePurposes.code, name: permissiblePurposes.name, description: permissiblePurposes.description })
    .from(permissiblePurposes)
    .where(eq(permissiblePurposes.isActive, true))
    .orderBy(asc(permissiblePurposes.sortOrder));
}
