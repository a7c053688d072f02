import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, defaultErrorCode } from '../../src/shared/error-codes';

describe('error codes', () => {
  it('docs/api.md lists every code with its status', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(doc, code).toContain(`| \`${code}\` | ${status} |`);
  });

  it('the default code of each status is a code of that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 503])
      expect(ERROR_CODES[defaultErrorCode(status)].status).toBe(status);
  });
});
