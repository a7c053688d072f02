import { FlaskConical } from 'lucide-react';
import type { TRole } from '@shared/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@shared/demo';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useAppConfig } from '@web/lib/config';

/** The sign-in identifier of each role's demo account. */
export function demoIdentifierOf(role: TRole): string {
  if (role === 'consumer') return DEMO_ACCOUNTS.consumer.nationalId;
  return DEMO_ACCOUNTS[role].username;
}

/**
 * The demo-credentials box: only when the server runs in demo mode (GET /api/config), since the
 * demo accounts exist only then.
 */
export function DemoCredentials({ role, onUse }: { role: TRole; onUse: (username: string, password: string) => void }) {
  const config = useAppConfig();
  if (!config.data?.demoMode) return null;
  const identifier = demoIdentifierOf(role);
  return (
    <Alert variant="warning" data-testid="demo-credentials">
      <FlaskConical aria-hidden />
      <AlertTitle>Demo credentials</AlertTitle>
      <AlertDescription className="space-y-2">
        <p className="text-xs">For testing only. Remove before production.</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs">
          <dt className="font-sans font-medium">{role === 'consumer' ? 'National ID' : 'Username'}</dt>
          <dd>{identifier}</dd>
          {role === 'consumer' ? (
            <>
              <dt className="font-sans font-medium">or Phone</dt>
              <dd>{DEMO_ACCOUNTS.consumer.phone}</dd>
            </>
          ) : null}
          <dt className="font-sans font-medium">Password</dt>
          <dd>{DEMO_PASSWORD}</dd>
        </dl>
        <Button type="button" size="sm" variant="outline" className="bg-background" onClick={() => onUse(identifier, DEMO_PASSWORD)}>
          Use demo account
        </Button>
      </AlertDescription>
    </Alert>
  );
}
