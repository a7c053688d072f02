import { z } from 'zod';
import { ZErrorResponseSchema } from '@shared/schemas/common';

/** Declares the error answers of a route so the OpenAPI document lists them. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponseSchema])) as Record<number, typeof ZErrorResponseSchema>;
}

export const ZMessageSchema = z.object({ message: z.string() });
