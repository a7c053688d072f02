import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The project runs on Node 20 (the brief, the Dockerfile, CI), so every package the lock file installs
// must declare that it runs there: a clean install prints no EBADENGINE warning (decisions/028). An
// upgrade that brings in a package declaring Node 22 only (cookie 2, content-disposition 3,
// lighthouse 13 and puppeteer 25 did) fails here, naming it, before anyone reads the install log.

const ROOT = join(__dirname, '../..');

// semver is what npm itself uses to check `engines` (it is in the tree through several tools); only
// the two functions needed are typed here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The lock file's packages whose declared Node range leaves out `nodeVersion`. */
function refusing(nodeVersion: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!path || !range || semver.satisfies(nodeVersion, range)) return [];
    return [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${range}`];
  });
}

describe('Node engines of the installed packages', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';

  it('package.json still promises Node 20', () => {
    expect(oldest).toMatch(/^20\./);
  });

  it(`every package in the lock file runs on the oldest Node we promise (${oldest})`, () => {
    expect(refusing(oldest)).toEqual([]);
  });

  it('every package in the lock file runs on the Node 20 of the Dockerfile and CI (20.20)', () => {
    expect(refusing('20.20.0')).toEqual([]);
  });

  it('would name a package that wants Node 22 (the check can fail)', () => {
    lock.packages['node_modules/example-node22-only'] = { version: '1.0.0', engines: { node: '>=22' } };
    try {
      expect(refusing(oldest)).toEqual(['example-node22-only@1.0.0 wants node >=22']);
    } finally {
      delete lock.packages['node_modules/example-node22-only'];
    }
  });
});
