import { z } from 'zod';
import { ZCreditReportSchema } from '../credit';
import { IDENTITY_STATES } from './identity';

// The person's own report, kept copies and the PDF.

export const ZFraudAlertSchema = z.object({
  placedAt: z.string(),
  contactPhone: z.string(),
  text: z.string(),
});
export type TFraudAlert = z.infer<typeof ZFraudAlertSchema>;

export const ZOwnReportSchema = z.object({
  /** Identity not confirmed or no file: no report, and why. */
  state: z.enum(IDENTITY_STATES),
  report: ZCreditReportSchema.nullable(),
  /** The open dispute of each disputed account, for the report's "disputed" marks. */
  openDisputes: z.array(z.object({ accountId: z.string(), disputeId: z.string(), reference: z.string(), dueAt: z.string() })),
  frozenAt: z.string().nullable(),
});
export type TOwnReport = z.infer<typeof ZOwnReportSchema>;

export const ZOwnReportSummarySchema = z.object({
  id: z.string(),
  generatedAt: z.string(),
  scoreValue: z.number().nullable(),
  scoreBand: z.string().nullable(),
  accountCount: z.number(),
});
export const ZOwnReportListSchema = z.object({ reports: z.array(ZOwnReportSummarySchema) });
/** POST /api/consumers/me/reports: the new report kept in the person's list. */
export const ZOwnReportCreatedSchema = z.object({ id: z.string(), report: ZCreditReportSchema });
export type TOwnReportList = z.infer<typeof ZOwnReportListSchema>;

export const ZReportPdfQuerySchema = z.object({ reportId: z.uuid({ error: 'Not a report id' }).optional() });
