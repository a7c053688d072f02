import { PageHeader } from '@web/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ContentPanel } from './settings/content-panel';
import { HelpPanel } from './settings/help-panel';
import { PlansPanel } from './settings/plans-panel';
import { RatesAndPolicies } from './settings/rates-and-policies';

/** System Settings: plans and prices, rates and policies, the landing page's text and the help centre. */
export default function AdminSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="System Settings"
        description="Every change here is recorded in the audit log with its old and new value."
      />
      <Tabs defaultValue="plans">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="plans">Plans and pricing</TabsTrigger>
          <TabsTrigger value="policies">Rates and policies</TabsTrigger>
          <TabsTrigger value="content">Landing page</TabsTrigger>
          <TabsTrigger value="help">Help articles</TabsTrigger>
        </TabsList>
        <TabsContent value="plans">
          <PlansPanel />
        </TabsContent>
        <TabsContent value="policies">
          <RatesAndPolicies />
        </TabsContent>
        <TabsContent value="content">
          <ContentPanel />
        </TabsContent>
        <TabsContent value="help">
          <HelpPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
