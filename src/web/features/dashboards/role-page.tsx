import { CreditCard, Inbox } from 'lucide-react';
import { Link } from 'wouter';
import type { TRole } from '@shared/roles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { formatDate } from '@shared/format';
import { ROLE_INFO } from '@web/lib/role-info';
import { displayNameOf, useSession, type TSession } from '@web/lib/session';
import { planLabel, subscriptionBadgeLabel, verificationLabel } from '@shared/labels';

function BusinessSubscription({ session }: { session: Extract<TSession, { role: 'business' }> }) {
  const { planCode, subscriptionStatus, nextBillingDate, verificationStatus } = session.profile;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Subscription</h2>
          </CardTitle>
          <CardDescription>
            Plan <span className="font-medium text-foreground">{planLabel(planCode)}</span>
            {nextBillingDate ? <> · next billing {formatDate(nextBillingDate)}</> : null}
          </CardDescription>
        </div>
        <CreditCard className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Badge variant={subscriptionStatus === 'active' ? 'success' : 'warning'}>{subscriptionBadgeLabel(subscriptionStatus)}</Badge>
        <Badge variant={verificationStatus === 'verified' ? 'success' : 'secondary'}>{verificationLabel(verificationStatus)}</Badge>
        <Button asChild size="sm" variant="outline" className="ml-auto">
          <Link href="/subscribe">Manage subscription</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * A role page: its title and an honest empty state. The real dashboards and sub-pages are built
 * in later issues; until then nothing here pretends to have figures.
 */
export default function RolePage({ role, title, isDashboard = false }: { role: TRole; title: string; isDashboard?: boolean }) {
  const { session } = useSession();
  const info = ROLE_INFO[role];
  const name = session && session.role === role ? displayNameOf(session) : '';
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary">{info.environment}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {isDashboard && name ? <p className="text-muted-foreground">Welcome, {name}.</p> : null}
      </div>
      {isDashboard && session?.role === 'business' && role === 'business' ? <BusinessSubscription session={session} /> : null}
      <EmptyState icon={Inbox} title="Nothing to show yet">
        This section of the {info.environment} is being connected to the bureau&apos;s records. When it is ready, your real data will appear
        here; no sample figures are shown in the meantime.
      </EmptyState>
    </div>
  );
}
