import { useState } from 'react';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useBusinesses } from '../api/businesses';
import { BusinessReviewDialog, STATUS_VARIANT } from '../business-review-dialog';
import { SearchForm } from './search-form';
import { verificationLabel } from '@shared/labels';

/** Businesses and their verification, pending first; Review opens a business's documents. */
export function BusinessesPanel() {
  const [status, setStatus] = useState('pending');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const businesses = useBusinesses(status, q);
  return (
    <SectionCard
      title="Businesses"
      description="A business can search and report once its registration documents have been checked and it is verified."
      contentClassName="space-y-4"
    >
      <SearchForm
        className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        searchId="business-search"
        searchLabel="Name, registration number or email"
        draft={draft}
        onDraftChange={setDraft}
        onSearch={() => setQ(draft.trim())}
      >
        <Field id="business-status" label="Status">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="verified">Verified</option>
            <option value="rejected">Rejected</option>
            <option value="suspended">Suspended</option>
          </NativeSelect>
        </Field>
      </SearchForm>
      <QueryResult
        query={businesses}
        isEmpty={(data) => data.businesses.length === 0}
        empty={`No businesses ${status ? `are ${status}` : 'match'}.`}
        skeletonClassName="h-32"
      >
        {(data) => (
          <Table caption="Businesses">
            <TableHeader>
              <TableRow>
                <TableHead>Business</TableHead>
                <TableHead>Registration no.</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Documents</TableHead>
                <TableHead>Registered</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.businesses.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>
                    <span className="font-medium">{b.businessName}</span>
                    <span className="block text-xs text-muted-foreground">{b.email}</span>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{b.registrationNumber}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[b.verificationStatus]}>{verificationLabel(b.verificationStatus)}</Badge>
                  </TableCell>
                  <TableCell className="tabular-nums">{b.documentCount}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(b.createdAt)}</TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" onClick={() => setOpenId(b.id)} aria-label={`Review ${b.businessName}`}>
                      Review
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryResult>
      <BusinessReviewDialog businessId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}
