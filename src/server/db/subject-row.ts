import { z } from 'zod';

/**
 * A registry person's own columns as raw SQL reads them (credit_subjects: id, names, birth date as
 * text, district), for the reads that extend it with what they need (the report, a search's
 * candidates, a match review).
 */
export const ZSubjectRow = z.object({
  id: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  district: z.string().nullable(),
});
