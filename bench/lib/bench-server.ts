// The real server (src/server/main.ts) in a child process, as production runs it, with its peak
// resident memory sampled from /proc while the load runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { freePort } from '../../tests/helpers/server-process';

export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** Highest resident set size seen so far, in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startBenchServer(env: Record<string, string>, logFile: string, nodeArgs: string[] = []): Promise<BenchServer> {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Production refuses to start without these: a benchmark is a staging server.
      AUDIT_SEAL_KEY: randomBytes(32).toString('hex'),
      CERTIFICATE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'sandbox',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in 3 minutes; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  let peak = rssMb(child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 250);
  return {
    url,
    process: child,
    peakRssMb: () => Math.round(peak),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
