import { Activity, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime, labelFromAuditAction } from '@shared/format';
import { SectionCard } from '@web/components/ui/section-card';
import { plainValue, roleLabel } from '@shared/labels';

/** Figure cards four to a row on a laptop, two on a tablet and on a phone. */
export function StatGrid({ children }: { children: ReactNode }) {
  // Two a row on a phone: ten figures one a row made a page of scrolling.
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>;
}

/** The figure cards' places while the figures load. */
export function StatGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <StatGrid>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </StatGrid>
  );
}

export interface QuickLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Spans both columns (an odd last link). */
  isWide?: boolean;
}

/** A card of buttons to the role's pages (the dashboards' management and monitoring buttons). */
export function QuickLinksCard({ title, links }: { title: string; links: QuickLink[] }) {
  return (
    <SectionCard title={title} contentClassName="grid gap-2 sm:grid-cols-2">
      {links.map(({ href, label, icon: Icon, isWide }) => (
        <Button key={href} asChild variant="outline" className={isWide ? 'justify-start sm:col-span-2' : 'justify-start'}>
          <Link href={href}>
            <Icon aria-hidden />
            {label}
          </Link>
        </Button>
      ))}
    </SectionCard>
  );
}

export interface ActivityEntry {
  id: string | number;
  action: string;
  occurredAt: string;
  actorRole: string | null;
  targetType?: string | null;
}

/** Recent audit events, newest first, in words; `entries` undefined while loading. */
export function ActivityCard({
  title,
  entries,
  emptyText,
  showTarget = false,
}: {
  title: string;
  entries: ActivityEntry[] | undefined;
  emptyText: string;
  showTarget?: boolean;
}) {
  return (
    <SectionCard title={title}>
      {entries && entries.length > 0 ? (
        <ol className="space-y-3">
          {entries.map((e) => (
            <li key={e.id} className="flex gap-3 text-sm">
              <Activity className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0">
                <p className="font-medium">{labelFromAuditAction(e.action)}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(e.occurredAt)} · {e.actorRole ? roleLabel(e.actorRole) : 'System'}
                  {showTarget && e.targetType ? ` · ${plainValue(e.targetType)}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{entries ? emptyText : 'Loading...'}</p>
      )}
    </SectionCard>
  );
}
