import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { TIncident } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { IncidentList, IncidentOverview } from '@web/components/oversight/incident-list';
import { ScoreDriftSection } from '@web/components/oversight/score-drift-section';
import { useAcknowledgeIncident, useIncidents, useResolveIncident, useScanIncidents } from './api/incidents';
import { plural, formatNumber } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';
import { errorMessageOf } from '@web/lib/form-errors';

/** Security Incidents: derived from the audit log every minute (or now, on request); acknowledge, then resolve. */
export default function AdminSecurityPage() {
  const [status, setStatus] = useState('');
  const incidents = useIncidents(status);
  const [resolving, setResolving] = useState<TIncident | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const scan = useScanIncidents({
    successToast: (r) =>
      `Scanned ${plural(r.scannedEvents, { one: 'new event', other: 'new events' })}: ${plural(r.opened, { one: 'new incident', other: 'new incidents' })}, ${formatNumber(r.updated)} updated`,
    errorToast: 'That did not work',
  });
  const acknowledge = useAcknowledgeIncident({ successToast: 'Incident acknowledged', errorToast: 'That did not work' });
  const resolve = useResolveIncident({
    successToast: 'Incident resolved',
    onSuccess: () => {
      setResolving(null);
      setNote('');
    },
  });
  const counts = incidents.data?.counts;
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="Security Incidents"
        description="Lockouts, bursts of failed sign-ins from one address, bursts of refused access and used-up quotas, found in the audit log."
        actions={
          <Button variant="outline" onClick={() => scan.mutate()} disabled={scan.isPending}>
            <RefreshCw aria-hidden />
            {scan.isPending ? 'Scanning...' : 'Scan now'}
          </Button>
        }
      />
      <IncidentOverview counts={counts} filterId="incident-status" status={status} onStatusChange={setStatus} isAcknowledgedFlagged />
      <QueryErrorCard query={incidents} />
      {incidents.error ? null : incidents.isLoading ? (
        <Skeleton className="h-40" />
      ) : (
        <IncidentList
          incidents={incidents.data?.incidents ?? []}
          actions={(incident) =>
            incident.status === 'resolved' ? null : (
              <>
                {incident.status === 'open' ? (
                  <Button size="sm" variant="outline" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(incident.id)}>
                    Acknowledge
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  onClick={() => {
                    setResolving(incident);
                    setNoteError(undefined);
                  }}
                >
                  Resolve
                </Button>
              </>
            )
          }
        />
      )}
      <ScoreDriftSection />
      <Dialog open={!!resolving} onOpenChange={(open) => !open && setResolving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Resolve incident</DialogTitle>
            <DialogDescription>{resolving?.summary}</DialogDescription>
          </DialogHeader>
          <Field id="resolution-note" label="How was it resolved?" error={noteError}>
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setResolving(null)}>
              Cancel
            </Button>
            <Button
              disabled={resolve.isPending}
              onClick={() => {
                if (note.trim().length < 3) {
                  setNoteError('Please say how it was resolved (at least 3 characters)');
                  return;
                }
                resolve.mutate(
                  { id: resolving!.id, note },
                  { onError: (e) => setNoteError(errorMessageOf(e, 'Not resolved. Please try again.')) },
                );
              }}
            >
              {resolve.isPending ? 'Saving...' : 'Resolve'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
