import { ZPasswordChangeSchema, type TPasswordChange } from '@shared/schemas/business';
import { PasswordChangeCard } from '@web/components/account/password-change-card';
import { PageHeader } from '@web/components/layout/page-header';
import { useChangeStaffPassword } from '@web/lib/staff-password';
import type { TMutationFeedback } from '@web/lib/use-api-mutation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ContentPanel } from './settings/content-panel';
import { HelpPanel } from './settings/help-panel';
import { PlansPanel } from './settings/plans-panel';
import { RatesAndPolicies } from './settings/rates-and-policies';

/** The administrator's own password change (POST /api/admin/me/password). */
const useAdministratorPasswordChange = (feedback: TMutationFeedback<{ message: string }, TPasswordChange>) =>
  useChangeStaffPassword('system_admin', feedback);

/** System Settings: plans and prices, rates and policies, the landing page's text, the help centre and the administrator's own password. */
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
          <TabsTrigger value="password">Your password</TabsTrigger>
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
        <TabsContent value="password" className="max-w-xl">
          <PasswordChangeCard
            schema={ZPasswordChangeSchema}
            useChange={useAdministratorPasswordChange}
            description="A new password signs you out everywhere else; this session stays."
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
