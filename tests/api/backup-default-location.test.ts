import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

// Issue "Operable from day one", item 9: `npm run db:backup` with no file wrote the backup (every
// person's credit file, in clear) loose into the repository root, where git did not ignore it: one
// `git add .` from being committed. The reproduction: run the command without a file name from the
// repository folder; the file must land in backups/, be ignored by git, and be what its name says
// (gzipped JSON lines). The engine does not matter here (a PGlite folder of its own).

const repo = new URL('../../', import.meta.url);
const repoDir = decodeURIComponent(repo.pathname);
const dataDir = mkdtempSync(join(tmpdir(), 'ccsl-backup-cli-'));
let written: string | undefined;
const hadBackupsFolder = existsSync(join(repoDir, 'backups'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (written) rmSync(join(repoDir, written), { force: true });
  if (!hadBackupsFolder && existsSync(join(repoDir, 'backups')) && readdirSync(join(repoDir, 'backups')).length === 0)
    rmSync(join(repoDir, 'backups'), { recursive: true });
});

describe('npm run db:backup without a file name', () => {
  it(
    'attack: a backup taken with no file name goes to backups/, which git ignores, never loose in the repository root',
    { timeout: 180_000 },
    async () => {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await database.close();
      const rootBefore = new Set(readdirSync(repoDir));
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
      delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/backup-cli.ts', 'backup'], {
        cwd: repoDir,
        env,
        encoding: 'utf8',
        timeout: 170_000,
      });
      expect(run.status, run.stderr).toBe(0);
      written = /to (\S+)\s*$/.exec(run.stdout.trim())?.[1];
      expect(written).toMatch(/^backups\/creditcheck-backup-[0-9TZ-]+\.jsonl\.gz$/);
      expect([...readdirSync(repoDir)].filter((f) => !rootBefore.has(f) && f !== 'backups')).toEqual([]);
      expect(existsSync(join(repoDir, written!))).toBe(true);
      const ignored = spawnSync('git', ['check-ignore', '-q', written!], { cwd: repoDir });
      expect(ignored.status).toBe(0);
      const firstLine = gunzipSync(readFileSync(join(repoDir, written!)))
        .toString('utf8')
        .split('\n')[0];
      expect(JSON.parse(firstLine)).toMatchObject({ format: 'creditcheck-sl-backup/1' });
    },
  );
});
