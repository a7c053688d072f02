import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Must be safe when several instances run it: take a PostgreSQL advisory lock inside. */
  run(): Promise<unknown>;
}

/**
 * Runs each job on its interval in this process, never two runs of one job at once here; the
 * job's own advisory lock makes it once per period across instances. Stops when the app closes.
 */
export function startScheduler(app: FastifyInstance, jobs: ScheduledJob[]) {
  const timers = jobs.map((job) => {
    let isRunning = false;
    const timer = setInterval(async () => {
      if (isRunning) return;
      isRunning = true;
      try {
        await job.run();
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'scheduled job failed');
      } finally {
        isRunning = false;
      }
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
