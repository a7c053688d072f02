import { appendFileSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { AppConfig } from '../../src/server/env';
import { buildLoggerOptions } from '../../src/server/logging';

/** Every test app's log, at info level through the production logger options, in one file. */
export const SERVER_LOG_FILE = 'test-results/server-log.jsonl';

export function testLogger(config: AppConfig) {
  mkdirSync('test-results', { recursive: true });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk);
      appendFileSync(SERVER_LOG_FILE, text);
      // Errors also reach the terminal, so a 5xx in a test shows its cause.
      if (/"level":(50|60)/.test(text)) process.stdout.write(text);
      done();
    },
  });
  return { ...(buildLoggerOptions({ ...config, logLevel: 'info' }) as object), stream } as never;
}
