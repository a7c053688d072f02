import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError, loadConfig } from '../../src/server/env';

// Issue "Operable from day one", item 8: a bad HOST or DATA_DIR stopped the server with an error
// that did not name the variable ("could not start: getaddrinfo ENOTFOUND no such host",
// "ENOTDIR: not a directory, mkdir '/srv/file/x'"). The reproduction: start with each, and read
// the message.

const temp = mkdtempSync(join(tmpdir(), 'ccsl-env-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const aFile = join(temp, 'a-file');
writeFileSync(aFile, 'not a folder');

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvironmentError);
    return (error as Error).message;
  }
  return '';
};

describe('HOST and DATA_DIR errors name the variable', () => {
  it('attack: HOST with a typo (a space, a port, a URL) is refused naming HOST', () => {
    for (const host of ['no such host', '0.0.0.0:3000', 'http://127.0.0.1']) {
      expect(messageOf({ HOST: host })).toContain(
        `HOST must be an IP address or a host name to listen on, such as 127.0.0.1, 0.0.0.0 or :: (got "${host}")`,
      );
    }
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'api.creditcheck.sl'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('attack: DATA_DIR naming a file, or a folder under a file, is refused naming DATA_DIR', () => {
    expect(messageOf({ DATA_DIR: aFile })).toContain(`DATA_DIR must be a folder, but ${aFile} is a file`);
    expect(messageOf({ DATA_DIR: join(aFile, 'data') })).toContain(`DATA_DIR must be a folder, but ${aFile} is a file`);
    // Not used with PostgreSQL and a head file elsewhere: not checked then.
    expect(
      loadConfig({ DATA_DIR: aFile, DATABASE_URL: 'postgres://x@127.0.0.1/db', AUDIT_HEAD_FILE: join(temp, 'heads.jsonl') }).dataDir,
    ).toBe(aFile);
    // A folder still to be created, and an in-memory database, are fine.
    expect(loadConfig({ DATA_DIR: join(temp, 'new', 'data') }).dataDir).toBe(join(temp, 'new', 'data'));
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it.skipIf(process.getuid?.() === 0)('DATA_DIR a folder this process cannot write to is refused naming DATA_DIR', () => {
    const readOnly = join(temp, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    expect(messageOf({ DATA_DIR: readOnly })).toContain('DATA_DIR must be a folder this process can write to');
  });

  it('attack: the server started with DATA_DIR naming a file stops with a message naming DATA_DIR', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: aFile, NODE_ENV: 'development', PORT: '1' };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`DATA_DIR must be a folder, but ${aFile} is a file`);
  });
});
