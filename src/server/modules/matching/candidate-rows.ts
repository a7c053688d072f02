import { IDENTIFIER_TYPES } from '@shared/credit-reference';
import { z } from 'zod';

// The rows of the matcher's look-ups (candidates.ts, identities.ts), one zod schema each (queryParsedRows).
// unnest ... WITH ORDINALITY numbers rows as bigint: text on pg, a number on PGlite.

const ZOrdinal = z.coerce.number<number | string>();
const ZIdentifierType = z.enum(IDENTIFIER_TYPES);
export const ZNameCodeRow = z.object({ ord: ZOrdinal, code: z.string().nullable() });
export const ZIdentifierOwnerRow = z.object({ type: ZIdentifierType, value: z.string(), subject_id: z.string() });
export const ZTightBlockRow = z.object({ idx: z.coerce.number<number | string>(), subject_id: z.string(), via: z.enum(['name', 'phone']) });
export const ZLooseBlockRow = z.object({ idx: z.coerce.number<number | string>(), subject_id: z.string() });
export const ZNameRow = z.object({
  subject_id: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  first_code: z.string(),
  last_code: z.string(),
});
export type NameRow = z.infer<typeof ZNameRow>;
// identities.ts: `ord`, the person's position in the list sent (int4: a number on both drivers).
export const ZNameAtRow = ZNameRow.omit({ subject_id: true }).extend({ ord: z.number().int() });
/** A phone, an address line or an identifier of a person (identities.ts): `kind` says which (an identifier's type). */
export const ZDetailRow = z.object({ ord: z.number().int(), kind: z.enum(['phone', 'line', ...IDENTIFIER_TYPES]), value: z.string() });
export const ZKnownFactsRow = z.object({ ord: ZOrdinal, known_name: z.boolean(), known_phone: z.boolean(), known_address: z.boolean() });
