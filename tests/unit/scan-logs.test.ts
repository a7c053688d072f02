import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scrubErrorText } from '../../src/server/logging';

const scan = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'scan-')), 'log.jsonl');
  writeFileSync(file, content);
  return spawnSync(process.execPath, ['scripts/scan-logs.mjs', file], { encoding: 'utf8' });
};

describe('the log scan of the test run', () => {
  it('passes a clean log', () => {
    expect(scan('{"level":30,"msg":"request completed"}\n').status).toBe(0);
  });

  it.each([
    ['a card number', '{"msg":"charge 4242 4242 4242 4242"}'],
    ['a full NIN', '{"msg":"no subject DEMO0001"}'],
    ['a password', '{"body":{"password":"Str0ng-pass"}}'],
  ])('fails on %s', (_what, line) => {
    const result = scan(`${line}\n`);
    expect(result.status).toBe(1);
  });
});

describe('scrubErrorText', () => {
  it("removes drizzle's query parameters and PostgreSQL's duplicate key values", () => {
    expect(scrubErrorText('Failed query: insert into x values ($1)\nparams: DEMO0001,secret')).toBe(
      'Failed query: insert into x values ($1)\nparams: [redacted]',
    );
    expect(scrubErrorText('Key (national_id)=(SL1234567) already exists.')).toBe('Key (national_id)=([redacted]) already exists.');
    expect(scrubErrorText('card 4000 0000 0000 0002 declined')).toBe('card [redacted-number] declined');
  });
});
