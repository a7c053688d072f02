import { z } from 'zod';
import { reasonText } from './common';

// Security incidents the scan opens, and their resolution.

// ---------- security incidents

export const INCIDENT_KINDS = ['account_lockout', 'failed_login_burst', 'access_denied_burst', 'quota_exhausted'] as const;
export type TIncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABELS: Record<TIncidentKind, string> = {
  account_lockout: 'Account locked out',
  failed_login_burst: 'Burst of failed sign-ins from one address',
  access_denied_burst: 'Burst of refused access',
  quota_exhausted: 'Monthly inquiry quota used up',
};
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const ZIncidentQuerySchema = z.object({
  status: z.enum(INCIDENT_STATUSES, { error: 'status must be open, acknowledged or resolved' }).optional(),
  kind: z.enum(INCIDENT_KINDS, { error: 'Unknown incident kind' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(100),
});
export const ZIncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  severity: z.enum(['low', 'medium', 'high']),
  summary: z.string(),
  ip: z.string().nullable(),
  userId: z.string().nullable(),
  businessId: z.string().nullable(),
  eventCount: z.number(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type TIncident = z.infer<typeof ZIncidentSchema>;
export const ZIncidentListSchema = z.object({
  incidents: z.array(ZIncidentSchema),
  counts: z.object({ open: z.number(), acknowledged: z.number(), resolved: z.number() }),
});
export const ZResolveIncidentSchema = z.object({ note: reasonText('Please say how it was resolved (at least 3 characters)') });
export const ZIncidentScanResultSchema = z.object({ scannedEvents: z.number(), opened: z.number(), updated: z.number() });
