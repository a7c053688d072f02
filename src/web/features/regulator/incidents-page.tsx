import { useState } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { IncidentList } from '@web/components/oversight/incident-list';
import { PageHeader, StatCard } from '@web/components/oversight/page-header';
import { REGULATOR_ENVIRONMENT, useRegulatorIncidents } from './regulator-api';

/** Incident Reports: the bureau's security incidents and how they were handled, read only. */
export default function RegulatorIncidentsPage() {
  const [status, setStatus] = useState('');
  const incidents = useRegulatorIncidents(status);
  const counts = incidents.data?.counts;
  return (
    <div className="space-y-6">
      <PageHeader
        environment={REGULATOR_ENVIRONMENT}
        title="Incident Reports"
        description="Security incidents the bureau's systems found in the audit log, with who acknowledged and resolved them and how. Read only: the bureau's administrators handle them."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Open" value={counts?.open ?? '…'} tone={counts && counts.open > 0 ? 'danger' : 'default'} />
        <StatCard label="Acknowledged" value={counts?.acknowledged ?? '…'} />
        <StatCard label="Resolved" value={counts?.resolved ?? '…'} />
      </div>
      <Field id="regulator-incident-status" label="Show" className="max-w-48">
        <NativeSelect id="regulator-incident-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All incidents</option>
          <option value="open">Open</option>
          <option value="acknowledged">Acknowledged</option>
          <option value="resolved">Resolved</option>
        </NativeSelect>
      </Field>
      {incidents.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{incidents.error.message}</AlertDescription>
        </Alert>
      ) : null}
      {incidents.isLoading ? <Skeleton className="h-40" /> : <IncidentList incidents={incidents.data?.incidents ?? []} />}
    </div>
  );
}
