import { LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { ROLES, type TRole } from '@shared/roles';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ROLE_INFO } from '@web/lib/role-info';
import { SESSION_ENDED_MESSAGE } from '@web/lib/session-end';
import { BusinessRegistrationForm } from './business-registration-form';
import { ConsumerRegistrationForm } from './consumer-registration-form';
import { InviteOnlyNotice } from './invite-only-notice';
import { PortalSignInForm } from './portal-sign-in-form';
import { RoleCards } from './role-cards';

type TTab = 'signin' | 'register';

const roleOf = (value: string | null): TRole | null => ((ROLES as readonly string[]).includes(value ?? '') ? (value as TRole) : null);

/**
 * /auth, and every guarded route a visitor (or another role) reaches: pick a role, then sign in
 * or register. Registration switches back to Sign In with the role kept and the identifier filled.
 * After a session ended (lib/session-end.ts) it is /auth?role=…&ended=1&next=…: the role is chosen,
 * the page says why they are here, and signing in as that role goes back to `next`.
 */
export default function AccessPortalPage() {
  const params = new URLSearchParams(useSearch());
  const askedRole = roleOf(params.get('role'));
  const [role, setRole] = useState<TRole | null>(askedRole);
  // Sent here with the role chosen (a session that ended): the sign-in form, below the four cards on a phone, comes into view.
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (askedRole) formRef.current?.scrollIntoView({ block: 'start' });
  }, [askedRole]);
  const [tab, setTab] = useState<TTab>('signin');
  const [registeredIdentifier, setRegisteredIdentifier] = useState<string | undefined>();
  const info = role ? ROLE_INFO[role] : null;
  // Said above the sign-in form (or the cards, with no role chosen), so a phone shows it beside the form.
  const endedNotice =
    params.get('ended') === '1' ? (
      <Alert variant="info" role="status" data-testid="session-ended">
        <LogOut aria-hidden />
        <AlertDescription>{SESSION_ENDED_MESSAGE}</AlertDescription>
      </Alert>
    ) : null;

  const onRegistered = (identifier: string) => {
    setRegisteredIdentifier(identifier);
    setTab('signin');
  };

  return (
    <AuthLayout width="wide">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Access Portal</h1>
        <p className="mt-3 text-muted-foreground">Select your user type to sign in or create an account.</p>
      </div>
      {endedNotice && !role ? <div className="mx-auto mt-6 max-w-2xl">{endedNotice}</div> : null}
      <div className="mt-8">
        <RoleCards
          selected={role}
          onSelect={(next) => {
            setRole(next);
            setRegisteredIdentifier(undefined);
          }}
        />
      </div>
      {role && info ? (
        <Card ref={formRef} className="mx-auto mt-8 max-w-2xl">
          <CardHeader>
            {endedNotice}
            <CardTitle>
              <h2>{info.name}</h2>
            </CardTitle>
            <CardDescription>{info.environment}</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as TTab)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                {/* Choosable even where registration is by invitation: it shows the invite-only notice (issue 20). */}
                <TabsTrigger value="register">
                  Register
                  {!info.canSelfRegister ? (
                    <Badge variant="secondary" className="px-1.5 py-0 text-[10px]">
                      Invite Only
                    </Badge>
                  ) : null}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <PortalSignInForm
                  key={`${role}-${registeredIdentifier ?? ''}`}
                  role={role}
                  initialUsername={registeredIdentifier}
                  next={role === askedRole ? params.get('next') : null}
                />
              </TabsContent>
              <TabsContent value="register">
                {role === 'business' ? (
                  <BusinessRegistrationForm onRegistered={onRegistered} />
                ) : role === 'consumer' ? (
                  <ConsumerRegistrationForm onRegistered={onRegistered} />
                ) : (
                  <InviteOnlyNotice role={role} onSwitchToLogin={() => setTab('signin')} />
                )}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      ) : null}
    </AuthLayout>
  );
}
