// CPU time used by the server process and by the local PostgreSQL server, read from /proc, so a
// scenario can say how many CPU milliseconds one request costs each side. Unlike a CPU profile's
// samples (wall time on the main thread: a process preempted inside a socket write by the database
// backend it just woke counts as "in writev"), these are the kernel's own counts of CPU used.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in CPU milliseconds; 0 if it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Every process of the local PostgreSQL server (postmaster, backends, background workers). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && commandOf(name) === 'postgres')
    .map(Number);
}

export interface CpuSnapshot {
  serverMs: number;
  databaseMs: number;
}

/**
 * CPU used so far by the server process and (on PostgreSQL on this machine) the database server.
 * PostgreSQL's processes are sampled every 250 ms and each one's last reading is kept: a backend
 * the server's pool closes for idleness takes its CPU count with it when it exits, which would
 * otherwise make a scenario's database CPU go down.
 */
export class CpuMeter {
  private readonly lastByPid = new Map<number, number>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly withPostgres: boolean,
  ) {
    if (withPostgres) {
      this.sample();
      this.timer = setInterval(() => this.sample(), 250);
      this.timer.unref();
    }
  }

  private sample() {
    for (const pid of postgresPids()) {
      const ms = processCpuMs(pid);
      if (ms > 0) this.lastByPid.set(pid, ms);
    }
  }

  snapshot(): CpuSnapshot {
    if (!this.withPostgres) return { serverMs: processCpuMs(this.serverPid), databaseMs: 0 };
    this.sample();
    let databaseMs = 0;
    for (const ms of this.lastByPid.values()) databaseMs += ms;
    return { serverMs: processCpuMs(this.serverPid), databaseMs };
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }
}

/** CPU milliseconds per request between two snapshots, each side. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return { serverCpuMs: per(after.serverMs - before.serverMs), databaseCpuMs: per(after.databaseMs - before.databaseMs) };
}
