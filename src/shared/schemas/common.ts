import { z } from 'zod';

/** A required text field: the message covers both "missing" and "too short", as the specification words them. */
export function requiredText(message: string, min = 1, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

export const ZPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(200, { error: 'Password must be at most 200 characters' });

/** The error body of every 4xx answer. `errors` lists each invalid field with its message. */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;
