import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { readDisputeBacklog, type DisputeBacklog } from './queries';

/**
 * The dispute backlog in /metrics, read from the database at scrape time (one aggregate query
 * per scrape, shared by the three gauges): every instance reports the same national figures, so
 * alert on max(), not sum(). Alert on `disputes_overdue > 0`: a lender missed the legal deadline.
 */
export function registerDisputeMetrics(app: FastifyInstance) {
  const registers = [app.metrics.registry];
  // The gauges are collected together; one query answers all three.
  let inFlight: Promise<DisputeBacklog | null> | null = null;
  const readOnce = () => {
    inFlight ??= readDisputeBacklog(app.db)
      .catch((error: unknown) => {
        // A failed read must not fail the whole scrape (HTTP and pool figures matter most then).
        app.log.warn({ err: error }, 'could not read the dispute backlog for /metrics');
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const gauge = (name: string, help: string, pick: (b: DisputeBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const backlog = await readOnce();
        if (backlog) this.set(pick(backlog));
      },
    });
  gauge('disputes_open', "Open disputes awaiting the lender's answer", (b) => b.open);
  gauge('disputes_overdue', 'Open disputes past their deadline (the regulator sees them)', (b) => b.overdue);
  gauge('disputes_overdue_oldest_seconds', 'How long the oldest overdue dispute has been past its deadline', (b) => b.oldestOverdueSeconds);
}
