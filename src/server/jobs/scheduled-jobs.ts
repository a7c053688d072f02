import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../lib/mailer';
import { smsProviderFor } from '../lib/providers';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency-store';
import { auditSealingOf, MAX_EVENTS_PER_SEAL, publishSealHeads, sealPendingEvents } from '../modules/audit';
import { markDisputesNearDeadline, markOverdueDisputes } from '../modules/disputes';
import { runSmsAlerts, scanConsumerAlerts, sendPendingNotificationEmails } from '../modules/notifications';
import { scanForIncidents } from '../modules/oversight';
import { runScoreDrift } from '../modules/scoring';
import { pruneAccountMonths } from '../modules/submissions';
import { deliverDueWebhooks } from '../modules/webhooks';
import { dayKeyOf, monthKeyOf, runOncePerPeriod } from './run-once-per-period';
import type { ScheduledJob } from './scheduler';
import { runSubscriptionRenewals } from './subscription-renewals';

/** Every recurring job of the product. Daily jobs are tried every few minutes and run once a day. */
export function productJobs(app: FastifyInstance, options: { dailyCheckMs: number }): ScheduledJob[] {
  const mailer = createMailer(app.config);
  const sms = smsProviderFor(app.config);
  const sealing = auditSealingOf(app.config);
  return [
    {
      name: 'audit.seal',
      everyMs: 5_000,
      run: async () => {
        await sealPendingEvents(app.db, MAX_EVENTS_PER_SEAL, sealing);
        // Every instance writes the heads it has not written yet (its own or another's seals).
        const outcome = await publishSealHeads(app.db, sealing);
        if (outcome.refused)
          app.log.error(
            { job: 'audit.seal', problem: outcome.refused },
            'audit seal head not published: the chain in the database does not continue the one held outside',
          );
      },
    },
    { name: 'security.incident_scan', everyMs: 60_000, run: () => scanForIncidents(app.db) },
    {
      name: 'subscriptions.renew',
      everyMs: options.dailyCheckMs,
      runAtStart: true,
      run: async () => {
        const outcome = await runOncePerPeriod(app.db, 'subscriptions.renew', dayKeyOf(new Date()), (tx) => runSubscriptionRenewals(tx));
        if (outcome.ran) app.log.info({ job: 'subscriptions.renew', ...outcome.result }, 'subscription renewals done');
      },
    },
    {
      name: 'disputes.overdue',
      everyMs: options.dailyCheckMs,
      runAtStart: true,
      run: async () => {
        const outcome = await runOncePerPeriod(app.db, 'disputes.overdue', dayKeyOf(new Date()), async (tx) => ({
          ...(await markOverdueDisputes(tx)),
          ...(await markDisputesNearDeadline(tx)),
        }));
        if (outcome.ran) app.log.info({ job: 'disputes.overdue', ...outcome.result }, 'dispute deadlines checked');
      },
    },
    {
      name: 'registry.months_retention',
      everyMs: options.dailyCheckMs,
      run: async () => {
        const outcome = await runOncePerPeriod(app.db, 'registry.months_retention', dayKeyOf(new Date()), async (tx) => ({
          deleted: await pruneAccountMonths(tx),
        }));
        if (outcome.ran) app.log.info({ job: 'registry.months_retention', ...outcome.result }, 'months of balance past 36 deleted');
      },
    },
    {
      // Tried daily, run once a month across instances (decisions/038).
      name: 'scoring.drift',
      everyMs: options.dailyCheckMs,
      run: async () => {
        const outcome = await runOncePerPeriod(app.db, 'scoring.drift', monthKeyOf(new Date()), async (tx) => {
          const run = await runScoreDrift(tx, { trigger: 'scheduled' });
          return { runId: run.id, people: run.people, scorePsi: run.scorePsi, isAlert: run.isAlert };
        });
        if (outcome.ran) app.log.info({ job: 'scoring.drift', ...outcome.result }, 'score drift checked');
      },
    },
    // Idempotent (dedupe keys, SKIP LOCKED claims): safe on every instance at once.
    { name: 'notifications.consumer_alerts', everyMs: 120_000, run: () => scanConsumerAlerts(app.db) },
    // SMS alerts in the person's language, retried after 1, 5 and 30 minutes (decisions/046); claims with SKIP LOCKED.
    { name: 'notifications.sms_alerts', everyMs: 60_000, run: () => runSmsAlerts(app.db, sms) },
    {
      name: 'notifications.email',
      everyMs: 60_000,
      run: () => sendPendingNotificationEmails(app.db, mailer, { publicUrl: app.config.publicUrl }),
    },
    // Deletes only rows already expired: safe on every instance at once.
    {
      name: 'idempotency.expire',
      everyMs: HOUR_MS,
      run: async () => {
        const deleted = await deleteExpiredIdempotencyKeys(app.db);
        if (deleted > 0) app.log.info({ job: 'idempotency.expire', deleted }, 'expired idempotency keys deleted');
      },
    },
    // Claims with FOR UPDATE SKIP LOCKED and a lease: safe on every instance at once.
    {
      name: 'webhooks.deliver',
      everyMs: 10_000,
      run: async () => {
        const outcome = await deliverDueWebhooks(app.db, { production: app.config.isProduction });
        if (outcome.delivered + outcome.retrying + outcome.failed > 0)
          app.log.info({ job: 'webhooks.deliver', ...outcome }, 'webhooks sent');
      },
    },
    // PGlite has no autovacuum: without fresh statistics its planner guesses, and reports slow down
    // as the registry grows. PostgreSQL's autovacuum does this itself.
    ...(app.database.kind === 'pglite'
      ? [{ name: 'database.analyze', everyMs: DAY_MS, run: async () => void (await app.db.execute(sql`ANALYZE`)) }]
      : []),
  ];
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
