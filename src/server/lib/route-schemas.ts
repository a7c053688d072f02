import { z } from 'zod';
import { ZErrorResponseSchema } from '@shared/schemas/common';

/** The error body's name in the OpenAPI document: one component every error answer refers to. */
export const ERROR_SCHEMA_ID = 'Error';
const ZDocumentedErrorSchema = ZErrorResponseSchema.meta({ id: ERROR_SCHEMA_ID });

/**
 * Declares the error answers of a route so the OpenAPI document lists them. Those every route can
 * give (400, 401, 403, 413, 415, 429, 500, 503) the document adds by itself (plugins/openapi-document.ts).
 */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ZDocumentedErrorSchema])) as Record<number, typeof ZErrorResponseSchema>;
}

/** A success that is a file (PDF, CSV, an image): documented as binary under the route's `produces` types. */
export const fileResponse = (description: string) => z.any().meta({ type: 'string', format: 'binary', description });

export { ZMessageSchema } from '@shared/schemas/common';
