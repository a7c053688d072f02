import { Lock } from 'lucide-react';
import type { TRole } from '@shared/roles';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/** Administrators and regulators cannot register themselves (spec section 6). */
export function InviteOnlyNotice({ role, onSwitchToLogin }: { role: TRole; onSwitchToLogin: () => void }) {
  return (
    <Alert variant="info" data-testid="invite-only-notice">
      <Lock aria-hidden />
      <AlertTitle>Registration is by invitation only</AlertTitle>
      <AlertDescription className="space-y-3">
        {role === 'system_admin' ? (
          <p>Administrator accounts are created by invitation. Please contact the IT department to request access.</p>
        ) : (
          <p>Regulator access is for authorised personnel only. Accounts are created by invitation from the system administrators.</p>
        )}
        <Button type="button" variant="outline" size="sm" onClick={onSwitchToLogin}>
          Switch to Login
        </Button>
      </AlertDescription>
    </Alert>
  );
}
