import { z } from 'zod';
import { API_KEY_SCOPES } from '../api-key-scopes';
import { ERROR_CODE_NAMES } from '../error-codes';

/**
 * The error body of every 4xx and 5xx answer. `code` is stable (src/shared/error-codes.ts); `errors`
 * lists each invalid field with its message; `field` names what a conflict is about.
 */
export const ZErrorResponseSchema = z.object({
  code: z.enum(ERROR_CODE_NAMES),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  field: z.string().optional(),
  /** API_KEY_SCOPE_MISSING only: the scope the route needs and the API key lacks (decisions/032). */
  requiredScope: z.enum(API_KEY_SCOPES).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;
