import { lazy, Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadBusinessDocumentsSection } from '@web/features/business-documents';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiKeysTab } from './settings/api-keys-tab';
import { PasswordTab } from './settings/password-tab';
import { ProfileTab } from './settings/profile-tab';
import { SubscriptionTab } from './settings/subscription-tab';
import { TeamTab } from './settings/team-tab';
import { PageHeader } from '@web/components/layout/page-header';

// The registration documents are their own tab: shown once, not under every tab (decisions/013).
const BusinessDocumentsSection = lazy(loadBusinessDocumentsSection);

const TABS = ['profile', 'documents', 'security', 'subscription', 'team', 'api'] as const;
type TTab = (typeof TABS)[number];

export default function SettingsPage() {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const requested = params.get('tab') as TTab | null;
  const tab: TTab = requested && TABS.includes(requested) ? requested : 'profile';
  return (
    <div className="space-y-6">
      <PageHeader
        role="business"
        title="Settings"
        description="Your business profile, its registration documents, your password, the plan and its invoices, your team and the Enterprise API."
      />
      <Tabs value={tab} onValueChange={(next) => navigate(`${location}?tab=${next}`, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="security">Password</TabsTrigger>
          <TabsTrigger value="subscription">Plan and invoices</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="api">API keys</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="documents">
          <Suspense fallback={<Skeleton className="h-48" />}>
            <BusinessDocumentsSection />
          </Suspense>
        </TabsContent>
        <TabsContent value="security">
          <PasswordTab />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab />
        </TabsContent>
        <TabsContent value="api">
          <ApiKeysTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
