import { Copy, Search, UserPlus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { ZInvitationRequestSchema, type TInvitationCreated } from '@shared/schemas/admin';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableActionsHead } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { toast } from '@web/lib/toast';
import { formatDateTime } from '@shared/format';
import { useAdminAction, useBusinesses, useInvitations, useUsers } from './admin-api';
import { BusinessReviewDialog, STATUS_VARIANT } from './business-review-dialog';
import { UnlinkConsumerButton } from './unlink-consumer-dialog';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';

/** Filters (the children) and a free-text search, sent together by the Search button. */
function SearchForm({
  className,
  searchId,
  searchLabel,
  draft,
  onDraftChange,
  onSearch,
  children,
}: {
  className: string;
  searchId: string;
  searchLabel: string;
  draft: string;
  onDraftChange: (value: string) => void;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
      <Field id={searchId} label={searchLabel}>
        <Input value={draft} onChange={(e) => onDraftChange(e.target.value)} />
      </Field>
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}

function BusinessesPanel() {
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
      <QueryErrorAlert error={businesses.error} />
      {businesses.isLoading ? (
        <Skeleton className="h-32" />
      ) : businesses.data?.businesses.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No businesses {status ? `are ${status}` : 'match'}.</p>
      ) : (
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
            {businesses.data?.businesses.map((b) => (
              <TableRow key={b.id}>
                <TableCell>
                  <span className="font-medium">{b.businessName}</span>
                  <span className="block text-xs text-muted-foreground">{b.email}</span>
                </TableCell>
                <TableCell className="font-mono text-xs">{b.registrationNumber}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[b.verificationStatus]} className="capitalize">
                    {b.verificationStatus}
                  </Badge>
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
      <BusinessReviewDialog businessId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}

const ROLE_LABEL: Record<string, string> = {
  consumer: 'Consumer',
  business: 'Business',
  system_admin: 'Administrator',
  regulator: 'Regulator',
};

function AccountsPanel() {
  const [role, setRole] = useState('');
  const [status, setStatus] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useUsers(role, status, q);
  const act = useAdminAction<{ id: string; action: 'unlock' | 'disable' | 'enable' }, { message: string }>(
    ({ id, action }) => ({ method: 'POST', path: `/api/admin/users/${id}/${action}` }),
    (r) => r.message,
  );
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
      <QueryErrorAlert error={users.error} />
      {users.isLoading ? (
        <Skeleton className="h-32" />
      ) : users.data?.users.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No accounts match.</p>
      ) : (
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
            {users.data?.users.map((u) => (
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
    </SectionCard>
  );
}

const INVITE_STATUS_VARIANT = { pending: 'warning', accepted: 'success', expired: 'secondary', revoked: 'secondary' } as const;

function InvitationsPanel() {
  const invitations = useInvitations();
  const [role, setRole] = useState<'system_admin' | 'regulator'>('regulator');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [created, setCreated] = useState<TInvitationCreated | null>(null);
  const invite = useAdminAction<{ role: string; email: string }, TInvitationCreated>(
    (body) => ({ method: 'POST', path: '/api/admin/invitations', body }),
    'Invitation created',
    {
      showErrorToast: false,
      onSuccess: (r) => {
        setCreated(r);
        setEmail('');
      },
    },
  );
  const revoke = useAdminAction<string, unknown>(
    (id) => ({ method: 'POST', path: `/api/admin/invitations/${id}/revoke` }),
    'Invitation revoked',
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZInvitationRequestSchema.safeParse({ role, email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0].message);
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, { onError: (error) => setEmailError(error.message.replace(/^\d{3}: /, '')) });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <SectionCard
        title="Invite an administrator or regulator"
        description="Staff accounts are by invitation only. The invitee opens a one-time link, valid for 72 hours, and sets a password."
      >
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <Field id="invite-role" label="Role">
            <NativeSelect value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
              <option value="regulator">Regulator (Bank of Sierra Leone)</option>
              <option value="system_admin">System administrator</option>
            </NativeSelect>
          </Field>
          <Field id="invite-email" label="Email" error={emailError}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" disabled={invite.isPending} className="w-full">
            <UserPlus aria-hidden />
            {invite.isPending ? 'Inviting...' : 'Send invitation'}
          </Button>
        </form>
        {created ? (
          <Alert variant="info" className="mt-4" role="status">
            <AlertTitle>{created.delivery === 'email' ? 'Invitation emailed' : 'Give this link to the invitee'}</AlertTitle>
            <AlertDescription className="space-y-2">
              <p>{created.message}</p>
              {created.link ? (
                <>
                  <p className="break-all rounded bg-muted p-2 font-mono text-xs" data-testid="invitation-link">
                    {created.link}
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      navigator.clipboard
                        .writeText(created.link!)
                        .then(() => toast({ kind: 'success', title: 'Link copied' }))
                        .catch(() => toast({ kind: 'warning', title: 'Copy the link by hand' }))
                    }
                  >
                    <Copy aria-hidden />
                    Copy link
                  </Button>
                </>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
      </SectionCard>
      <SectionCard title="Invitations">
        <QueryErrorAlert error={invitations.error} />
        {invitations.isLoading ? (
          <Skeleton className="h-24" />
        ) : invitations.data?.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations yet.</p>
        ) : (
          <Table caption="Invitations">
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Expires</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.data?.invitations.map((i) => (
                <TableRow key={i.id}>
                  <TableCell className="break-all">{i.email}</TableCell>
                  <TableCell>{ROLE_LABEL[i.role]}</TableCell>
                  <TableCell>
                    <Badge variant={INVITE_STATUS_VARIANT[i.status]} className="capitalize">
                      {i.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {i.status === 'accepted' ? `Accepted ${formatDateTime(i.acceptedAt)}` : formatDateTime(i.expiresAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {i.status === 'pending' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(i.id)}
                        aria-label={`Revoke the invitation of ${i.email}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </SectionCard>
    </div>
  );
}

/** User Management: businesses and their verification, every account, staff invitations. */
export default function AdminUsersPage() {
  const search = useSearch();
  const initial = new URLSearchParams(search).get('tab') ?? 'businesses';
  const [tab, setTab] = useState(['businesses', 'accounts', 'invitations'].includes(initial) ? initial : 'businesses');
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="User Management"
        description="Verify businesses from their documents, look after accounts, and invite administrators and regulators."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="businesses">Businesses</TabsTrigger>
          <TabsTrigger value="accounts">Accounts</TabsTrigger>
          <TabsTrigger value="invitations">Invitations</TabsTrigger>
        </TabsList>
        <TabsContent value="businesses">
          <BusinessesPanel />
        </TabsContent>
        <TabsContent value="accounts">
          <AccountsPanel />
        </TabsContent>
        <TabsContent value="invitations">
          <InvitationsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
