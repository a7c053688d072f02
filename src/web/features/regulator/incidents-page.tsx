import { useState } from 'react';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { IncidentList, IncidentOverview } from '@web/components/oversight/incident-list';
import { useRegulatorIncidents } from './api/overview';
import { PageHeader } from '@web/components/layout/page-header';

/** Incident Reports: the bureau's security incidents and how they were handled, read only. */
export default function RegulatorIncidentsPage() {
  const [status, setStatus] = useState('');
  const incidents = useRegulatorIncidents(status);
  const counts = incidents.data?.counts;
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Incident Reports"
        description="Security incidents the bureau's systems found in the audit log, with who acknowledged and resolved them and how. Read only: the bureau's administrators handle them."
      />
      <IncidentOverview counts={counts} filterId="regulator-incident-status" status={status} onStatusChange={setStatus} />
      <QueryErrorCard query={incidents} />
      {incidents.error ? null : incidents.isLoading ? (
        <Skeleton className="h-40" />
      ) : (
        <IncidentList incidents={incidents.data?.incidents ?? []} />
      )}
    </div>
  );
}
