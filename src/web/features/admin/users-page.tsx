import { useState } from 'react';
import { useSearch } from 'wouter';
import { PageHeader } from '@web/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AccountsPanel } from './users/accounts-panel';
import { BusinessesPanel } from './users/businesses-panel';
import { InvitationsPanel } from './users/invitations-panel';

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
