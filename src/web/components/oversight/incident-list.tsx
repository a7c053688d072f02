import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { INCIDENT_KIND_LABELS, type TIncident } from '@shared/schemas/admin';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { formatDateTime, plural } from '@shared/format';
import { StatCard } from '@web/components/ui/stat-card';

const SEVERITY_VARIANT = { low: 'secondary', medium: 'warning', high: 'destructive' } as const;
const STATUS_VARIANT = { open: 'destructive', acknowledged: 'warning', resolved: 'success' } as const;

/**
 * The incidents' counts by status and the status filter above the list (the administrator's
 * Security Incidents and the regulator's Incident Reports). `isAcknowledgedFlagged`: acknowledged
 * ones still wait for the administrator who reads this, so their card is highlighted.
 */
export function IncidentOverview({
  counts,
  filterId,
  status,
  onStatusChange,
  isAcknowledgedFlagged = false,
}: {
  counts: Record<'open' | 'acknowledged' | 'resolved', number> | undefined;
  filterId: string;
  status: string;
  onStatusChange: (status: string) => void;
  isAcknowledgedFlagged?: boolean;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Open" value={counts?.open ?? '…'} tone={counts && counts.open > 0 ? 'danger' : 'default'} />
        <StatCard
          label="Acknowledged"
          value={counts?.acknowledged ?? '…'}
          tone={isAcknowledgedFlagged && counts && counts.acknowledged > 0 ? 'warning' : 'default'}
        />
        <StatCard label="Resolved" value={counts?.resolved ?? '…'} />
      </div>
      <Field id={filterId} label="Show" className="max-w-48">
        <NativeSelect value={status} onChange={(e) => onStatusChange(e.target.value)}>
          <option value="">All incidents</option>
          <option value="open">Open</option>
          <option value="acknowledged">Acknowledged</option>
          <option value="resolved">Resolved</option>
        </NativeSelect>
      </Field>
    </>
  );
}

/** Security incidents as cards (they read better than a table on a phone); actions per incident when given. */
export function IncidentList({ incidents, actions }: { incidents: TIncident[]; actions?: (incident: TIncident) => ReactNode }) {
  if (incidents.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="No incidents">
        Nothing in the audit log calls for attention: no lockouts, bursts of failed sign-ins or refused access, and no used-up quota.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Security incidents">
      {incidents.map((incident) => (
        <li key={incident.id} className="rounded-xl border bg-card p-4 shadow-sm" data-testid="incident">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{INCIDENT_KIND_LABELS[incident.kind]}</h3>
                <Badge variant={SEVERITY_VARIANT[incident.severity]} className="capitalize">
                  {incident.severity}
                </Badge>
                <Badge variant={STATUS_VARIANT[incident.status]} className="capitalize">
                  {incident.status}
                </Badge>
              </div>
              <p className="text-sm">{incident.summary}</p>
              <p className="text-xs text-muted-foreground">
                {plural(incident.eventCount, { one: 'event', other: 'events' })} · first {formatDateTime(incident.firstSeenAt)} · last{' '}
                {formatDateTime(incident.lastSeenAt)}
                {incident.ip ? ` · address ${incident.ip}` : ''}
              </p>
              {incident.acknowledgedAt ? (
                <p className="text-xs text-muted-foreground">
                  Acknowledged {formatDateTime(incident.acknowledgedAt)}
                  {incident.acknowledgedBy ? ` by ${incident.acknowledgedBy}` : ''}
                </p>
              ) : null}
              {incident.resolvedAt ? (
                <p className="text-xs text-muted-foreground">
                  Resolved {formatDateTime(incident.resolvedAt)}
                  {incident.resolvedBy ? ` by ${incident.resolvedBy}` : ''}: {incident.resolutionNote}
                </p>
              ) : null}
            </div>
            {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions(incident)}</div> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
