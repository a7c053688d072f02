import { History } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { NativeSelect } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useAccessLog } from './api/access-log';
import { IdentityGate } from './identity-gate';
import { formatDateTime } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';
import { Field } from '@web/components/ui/field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

const FILTERS = [
  { value: 'all', label: 'Everything' },
  { value: 'report', label: 'Reports pulled' },
  { value: 'search', label: 'Searches' },
  { value: 'other', label: 'Other activity' },
] as const;

function matches(kind: string, filter: (typeof FILTERS)[number]['value']) {
  if (filter === 'all') return true;
  if (filter === 'report') return kind === 'report';
  if (filter === 'search') return kind === 'search' || kind === 'search_no_hit';
  return kind !== 'report' && kind !== 'search' && kind !== 'search_no_hit';
}

function AccessLogTable() {
  const log = useAccessLog();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['value']>('all');
  if (log.isPending) return <PageLoading label="Loading your access log…" />;
  if (log.isError) return <QueryErrorCard query={log} />;
  const entries = log.data.entries.filter((e) => matches(e.kind, filter));
  if (log.data.entries.length === 0) {
    return (
      <EmptyState icon={History} title="No one has looked at your file">
        When a business searches for you or pulls your report, it appears here with its name, the time and the purpose it gave.
      </EmptyState>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Who touched your data ({log.data.entries.length})</h2>
          </CardTitle>
          <CardDescription>
            From the same records the regulator audits: every search and report, with the purpose the business gave.
          </CardDescription>
        </div>
        <Field id="access-log-filter" label="Show">
          <NativeSelect value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)} className="w-48">
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </CardHeader>
      <CardContent>
        <Table caption="Who looked at your credit file">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Purpose</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e, i) => (
              <TableRow key={`${e.at}-${i}`} data-testid="access-log-entry">
                <TableCell className="whitespace-nowrap">{formatDateTime(e.at)}</TableCell>
                <TableCell className="font-medium">{e.businessName}</TableCell>
                <TableCell>{e.description}</TableCell>
                <TableCell>{e.purposeName ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {entries.length === 0 ? <p className="py-4 text-sm text-muted-foreground">Nothing of this kind.</p> : null}
        <p className="mt-4 text-xs text-muted-foreground">
          A search you did not expect? A business may only search for a lawful purpose or with your consent. You can complain to the
          regulator from the Disputes page.
        </p>
      </CardContent>
    </Card>
  );
}

/** Data Access Log: every search and report that touched the person. */
export default function ConsumerAccessLogPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        role="consumer"
        title="Data Access Log"
        description="Every business that searched for you or pulled your report: who, when and why."
      />
      <IdentityGate>
        <AccessLogTable />
      </IdentityGate>
    </div>
  );
}
