// `npm run admin:create -- --username <name> --email <address> [--full-name "<name>"]`: creates an
// administrator on the configured database (the first step of a production install, docs/operations.md).
// The password comes from ADMIN_PASSWORD, or is asked twice on a terminal without being shown.
// The database is prepared first as a server start does (migrations, content, grants as
// DATABASE_OWNER_URL when set). Exit 0 when created; 1 when refused, with the reason; 2 for bad usage.
import { parseArgs } from 'node:util';
import { EnvironmentError, loadConfig } from '../env';
import { AdministratorRefused, checkNewAdministrator, createAdministrator } from '../modules/accounts';
import { openDatabase } from './client';
import { prepareDatabase } from './roles';

const USAGE =
  'Usage: npm run admin:create -- --username <name> --email <address> [--full-name "<name>"]\n' +
  'The password comes from ADMIN_PASSWORD, or is asked for on a terminal.';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new Error('Cancelled: no administrator created.'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function passwordFromTerminalOrEnvironment(): Promise<string> {
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) fail(`No password: set ADMIN_PASSWORD, or run the command on a terminal to be asked for it.\n${USAGE}`);
  const password = await askHidden('Password for the new administrator (at least 8 characters, not a common one): ');
  const again = await askHidden('The same password again: ');
  if (password !== again) fail('The two passwords differ: no administrator created.');
  return password;
}

let args: { username?: string; email?: string; 'full-name'?: string };
try {
  args = parseArgs({
    options: { username: { type: 'string' }, email: { type: 'string' }, 'full-name': { type: 'string' } },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (!args.username || !args.email) fail(`Both --username and --email are required.\n${USAGE}`, 2);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof EnvironmentError) fail(error.message);
  throw error;
}

try {
  const password = await passwordFromTerminalOrEnvironment();
  const input = { username: args.username, email: args.email, fullName: args['full-name'], password };
  // A weak password or a bad name is refused before the database is touched.
  checkNewAdministrator(input);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    await prepareDatabase(database, { ownerUrl: config.databaseOwnerUrl, demoMode: config.demoMode });
    const admin = await createAdministrator(database.db, input);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(`Administrator ${admin.username} <${admin.email}> created (database: ${where}). Sign in at /admin/login.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof AdministratorRefused)
    fail(`No administrator created:\n${error.problems.map((p) => `  ${p.field}: ${p.message}`).join('\n')}`);
  fail(`No administrator created: ${error instanceof Error ? error.message : String(error)}`);
}
