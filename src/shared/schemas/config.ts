import { z } from 'zod';

// Public facts about this deployment, read by every page. Imports nothing but zod: the web loads this
// module on its own, outside the landing page's first bundle (decisions/012).

/** GET /api/config: the public settings of this deployment. */
export const ZAppConfigSchema = z.object({
  demoMode: z.boolean(),
  productName: z.string(),
  /** What this deployment only simulates: payments, SMS (the sandbox providers). */
  sandbox: z.array(z.enum(['payments', 'sms'])),
  /** Every page shows the sandbox banner: a sandbox named outside demo mode (a staging server). */
  showSandboxBanner: z.boolean(),
  /** Years a default stays on a credit file (the administrator's retention setting): the legal pages say it. */
  retentionYears: z.number().int(),
  /** Days a lender has to answer a dispute (the administrator's setting): the legal pages say it. */
  disputeDeadlineDays: z.number().int(),
});
export type TAppConfig = z.infer<typeof ZAppConfigSchema>;

/** GET /api/health: one query against the database. */
export const ZHealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.string() });
export type THealth = z.infer<typeof ZHealthSchema>;
