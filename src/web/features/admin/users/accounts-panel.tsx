import { useState } from 'react';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useUserAction, useUsers } from '../api/users';
import { UnlinkConsumerButton } from '../unlink-consumer-dialog';
import { SearchForm } from './search-form';

export const ROLE_LABEL: Record<string, string> = {
  consumer: 'Consumer',
  business: 'Business',
  system_admin: 'Administrator',
  regulator: 'Regulator',
};

/** Every account: unlock, disable or enable it; undo a consumer's linking to a credit file. */
export function AccountsPanel() {
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useUsers(role, status, q);
  const act = useUserAction({ successToast: (r) => r.message, errorToast: 'That did not work' });
  return (
    <SectionCard
      title="Accounts"
      description="Consumers, businesses and staff. Unlock an account locked by failed sign-ins, or disable one: its sessions end at once. Undo a consumer's linking to a credit file only after checking their ID documents."
      contentClassName="space-y-4"
    >
      <SearchForm
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_10rem_1fr_auto] lg:items-end"
        searchId="account-search"
        searchLabel="Name, username, email, phone or full NIN"
        draft={draft}
        onDraftChange={setDraft}
        onSearch={() => setQ(draft.trim())}
      >
        <Field id="account-role" label="Role">
          <NativeSelect value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">All roles</option>
            <option value="consumer">Consumers</option>
            <option value="business">Businesses</option>
            <option value="system_admin">Administrators</option>
            <option value="regulator">Regulators</option>
          </NativeSelect>
        </Field>
        <Field id="account-status" label="Status">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="locked">Locked</option>
            <option value="disabled">Disabled</option>
          </NativeSelect>
        </Field>
      </SearchForm>
      <QueryResult query={users} isEmpty={(data) => data.users.length === 0} empty="No accounts match." skeletonClassName="h-32">
        {(data) => (
          <Table caption="Accounts">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Sign-in identifier</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.users.map((u) => (
                <TableRow key={u.id}>
                  <TableCell className="font-medium">{u.name}</TableCell>
                  <TableCell>{ROLE_LABEL[u.role]}</TableCell>
                  <TableCell className="font-mono text-xs">{u.identifier}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={u.status === 'active' ? 'success' : 'destructive'} className="capitalize">
                        {u.status}
                      </Badge>
                      {u.isLocked ? <Badge variant="warning">Locked until {formatDateTime(u.lockedUntil)}</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(u.lastLoginAt)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      {u.role === 'consumer' ? <UnlinkConsumerButton userId={u.id} name={u.name} /> : null}
                      {u.isLocked ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={act.isPending}
                          onClick={() => act.mutate({ id: u.id, action: 'unlock' })}
                          aria-label={`Unlock ${u.name}`}
                        >
                          Unlock
                        </Button>
                      ) : null}
                      {u.status === 'active' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={act.isPending}
                          onClick={() => act.mutate({ id: u.id, action: 'disable' })}
                          aria-label={`Disable ${u.name}`}
                        >
                          Disable
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          disabled={act.isPending}
                          onClick={() => act.mutate({ id: u.id, action: 'enable' })}
                          aria-label={`Enable ${u.name}`}
                        >
                          Enable
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryResult>
    </SectionCard>
  );
}
