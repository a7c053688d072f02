// `npm run db:backup [-- file]` and `npm run db:restore -- file`: a logical backup of the configured
// database (PGlite or PostgreSQL), restorable into either. See docs/operations.md. Without a file,
// the backup goes to backups/creditcheck-backup-<time>.jsonl.gz (gzipped JSON lines; the folder is
// git-ignored), never loose in the working folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../env';
import { writeBackup, restoreBackup } from './backup/backup';
import { openDatabase } from './client';

/** Where a backup goes when no file is named (relative to the folder the command runs in). */
const DEFAULT_BACKUP_DIR = 'backups';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === 'backup') {
    let file = fileArg;
    if (!file) {
      mkdirSync(DEFAULT_BACKUP_DIR, { recursive: true });
      file = join(DEFAULT_BACKUP_DIR, `creditcheck-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`);
    }
    const { tables, rows } = await writeBackup(database.db, file);
    console.log(`Backed up ${rows} rows from ${tables} tables (${database.kind}) to ${file}`);
  } else if (command === 'restore') {
    if (!fileArg) throw new Error('Usage: npm run db:restore -- <backup file>');
    await database.migrate();
    const { tables, rows } = await restoreBackup(database.db, fileArg);
    console.log(`Restored ${rows} rows into ${tables} tables (${database.kind}) from ${fileArg}`);
  } else {
    throw new Error('Usage: backup-cli.ts backup [file] | restore <file>');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
