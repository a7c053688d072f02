// `npm run bench:lighthouse [-- --preset desktop] [--runs 5] [--fresh-chrome] [--out <folder>]`
//
// Lighthouse's performance score for the landing page, in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium): the production build served by the real server (PGlite in a throwaway
// folder, content seeded; one request to "/" first, as a running server has had), Lighthouse's
// default mobile emulation with simulated throttling unless --preset desktop. Prints the load
// average, each run and the median of 5 runs (a shared, loaded machine stretches single runs);
// exits 1 when the median is under 95. `--fresh-chrome` starts a new Chromium for every run, as the
// lighthouse command line does (cold caches); `--out <folder>` writes each run's full report (JSON)
// there, for the diagnostics.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { argValue, hasFlag } from './lib/args';
import { startBenchServer } from './lib/bench-server';

const preset = argValue('preset', 'mobile');
const runs = Number(argValue('runs', '5'));
const outDir = argValue('out', '');
// As the lighthouse CLI does: a new Chromium (new profile, cold caches) for every run.
const isFreshChromePerRun = hasFlag('fresh-chrome');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// The build npm start would serve, made when missing or stale.
const build = spawnSync(process.execPath, ['-e', "import('./scripts/start.mjs')"], {
  stdio: 'ignore',
  env: { ...process.env, CCSL_BUILD_ONLY: '1' },
});
if (build.status !== 0) throw new Error('the web build failed');

const dataDir = mkdtempSync(join(tmpdir(), 'ccsl-lighthouse-'));
const server = await startBenchServer({ DATA_DIR: dataDir }, join(dataDir, 'server.log'));
const launchChrome = () =>
  chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
let chrome = await launchChrome();
const desktopConfig = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
const audit = async () => {
  if (isFreshChromePerRun) {
    await chrome.kill();
    chrome = await launchChrome();
  }
  const result = await lighthouse(
    `${server.url}/`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(preset === 'desktop' ? { preset: 'desktop' } : {}),
    },
    desktopConfig,
  );
  return result!.lhr;
};
// A server that has served the page before, as in production (its first answer loads the render bundle).
await fetch(`${server.url}/`).then((r) => r.text());
const scores: number[] = [];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`load average before: ${load()}`);
try {
  for (let i = 0; i < runs; i++) {
    let lhr = await audit();
    // On a loaded machine Chromium's trace now and then misses the navigation (NO_NAVSTART): run again.
    for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
      console.log(`run ${i + 1}: ${lhr.runtimeError.code}, running it again`);
      lhr = await audit();
    }
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, `lighthouse-${preset}-${i + 1}.json`), JSON.stringify(lhr, null, 2));
    }
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    scores.push(score);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `run ${i + 1}: performance ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')})`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
console.log(`load average after: ${load()}`);
console.log(`Lighthouse (${preset}), landing page, median performance score ${median} (target 95)`);
process.exit(median >= 95 ? 0 : 1);
