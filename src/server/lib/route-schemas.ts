import { ZErrorResponseSchema } from '@shared/schemas/common';

/** Declares the error answers of a route so the OpenAPI document lists them. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponseSchema])) as Record<number, typeof ZErrorResponseSchema>;
}

export { ZMessageSchema } from '@shared/schemas/common';
