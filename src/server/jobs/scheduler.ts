import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Also run once a few seconds after start (jittered, so instances do not all start together). */
  runAtStart?: boolean;
  /** Must be safe when several instances run it: take a PostgreSQL advisory lock inside. */
  run(): Promise<unknown>;
}

/**
 * Runs each job on its interval in this process, never two runs of one job at once here; the
 * job's own advisory lock makes it once per period across instances. Stops when the app closes.
 */
export function startScheduler(app: FastifyInstance, jobs: ScheduledJob[]) {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let isRunning = false;
    const tick = async () => {
      if (isRunning || !app.readiness.isReady) return;
      isRunning = true;
      try {
        await job.run();
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'scheduled job failed');
      } finally {
        isRunning = false;
      }
    };
    const interval = setInterval(tick, job.everyMs);
    interval.unref();
    timers.push(interval);
    if (job.runAtStart) {
      const first = setTimeout(tick, 1_000 + Math.floor(Math.random() * 1_000));
      first.unref();
      timers.push(first);
    }
  }
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
