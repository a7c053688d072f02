// `npm start`: builds the web app when it is missing or older than its sources, then starts the
// server (which applies migrations and seeds an empty database). Signals pass through to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/web/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isWebBuildCurrent() {
  if (!existsSync(BUILT)) return false;
  const builtAt = statSync(BUILT).mtimeMs;
  return newestMtime('src/web') <= builtAt && newestMtime('src/shared') <= builtAt;
}

if (!isWebBuildCurrent()) {
  console.log('Building the web app…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The benchmarks use this file to build without starting.
if (process.env.CCSL_BUILD_ONLY) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
