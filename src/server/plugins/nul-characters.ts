import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its own input for NUL characters (a monthly file rejects the row, not the file). */
    nulCharactersCheckedByRoute?: boolean;
  }
}

export const NUL_MESSAGE = 'Contains a character that is not allowed (NUL)';

/**
 * The dotted path of the first string holding a NUL character (U+0000) in a parsed value, or null.
 * PostgreSQL cannot store NUL in text, so such input would fail deep in a query; it is refused at
 * the door with the field named instead.
 */
export function pathOfNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = pathOfNulCharacter(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Every route: a NUL character anywhere in the body, query or params is a 400 naming the field. */
async function nulCharactersPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['query', request.query],
      ['params', request.params],
    ];
    if (!request.routeOptions.config?.nulCharactersCheckedByRoute) parts.unshift(['body', request.body]);
    for (const [context, value] of parts) {
      const path = pathOfNulCharacter(value);
      if (path) {
        const field = path.join('.') || context;
        throw badRequest([{ field, message: NUL_MESSAGE }]);
      }
    }
  });
}

export default fp(nulCharactersPlugin, { name: 'nul-characters' });
