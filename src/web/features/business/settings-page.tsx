import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiKeysTab } from './settings/api-keys-tab';
import { PasswordTab } from './settings/password-tab';
import { ProfileTab } from './settings/profile-tab';
import { SubscriptionTab } from './settings/subscription-tab';
import { TeamTab } from './settings/team-tab';
import { PageHeader } from '@web/components/layout/page-header';

const TABS = ['profile', 'security', 'subscription', 'team', 'api'] as const;
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
        description="Your business profile, your password, the plan and its invoices, your team and the Enterprise API."
      />
      <Tabs value={tab} onValueChange={(next) => navigate(`${location}?tab=${next}`, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Password</TabsTrigger>
          <TabsTrigger value="subscription">Plan and invoices</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="api">API keys</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
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
