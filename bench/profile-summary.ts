// `npm run bench:profile -- .bench-data/profiles/<file>.cpuprofile [--top 30]`
//
// Where a server's CPU went, from a V8 CPU profile (`npm run bench -- --cpu-prof` writes one):
// self time by function and by where the code lives (a package, the project's own folders, Node's
// internals, the garbage collector), in milliseconds and as a share of the samples.
import { readFileSync } from 'node:fs';
import { argValue } from './lib/args';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv.slice(2).find((a) => !a.startsWith('--') && a.endsWith('.cpuprofile'));
if (!file) throw new Error('usage: npm run bench:profile -- <file.cpuprofile> [--top 30]');
const top = Number(argValue('top', '30'));
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  selfMs.set(profile.samples[i], (selfMs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}

/** Where a function's code lives: a package, a folder of the project, Node itself, or V8's own work. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(src\/[^/]+\/[^/]+|bench\/[^/]+)/.exec(url);
  return own ? own[1] : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  total += ms;
  if (functionName === '(idle)') {
    idle += ms;
    continue;
  }
  const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src|bench)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  const place = placeOf(url, functionName);
  byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
}

const busy = total - idle;
const print = (title: string, entries: Map<string, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)}%)`);
print('By where the code lives (self time, share of busy time)', byPlace, top);
print('By function (self time)', byFunction, top);
