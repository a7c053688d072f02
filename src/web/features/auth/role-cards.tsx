import { Building2, CheckCircle2, Landmark, ShieldCheck, UserRound } from 'lucide-react';
import type { TRole } from '@shared/roles';
import { Badge } from '@web/components/ui/badge';
import { PORTAL_ROLE_ORDER, ROLE_INFO } from '@web/lib/role-info';
import { cn } from '@web/lib/utils';

const ROLE_ICON: Record<TRole, typeof Building2> = {
  business: Building2,
  consumer: UserRound,
  system_admin: ShieldCheck,
  regulator: Landmark,
};

/** The four selectable role cards: name, description, environment and the first three privileges. */
export function RoleCards({ selected, onSelect }: { selected: TRole | null; onSelect: (role: TRole) => void }) {
  return (
    <div role="radiogroup" aria-label="Select your user type" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {PORTAL_ROLE_ORDER.map((role) => {
        const info = ROLE_INFO[role];
        const Icon = ROLE_ICON[role];
        const isSelected = selected === role;
        return (
          <button
            key={role}
            type="button"
            role="radio"
            aria-checked={isSelected}
            data-testid={`role-card-${role}`}
            onClick={() => onSelect(role)}
            className={cn(
              'group relative flex h-full flex-col rounded-xl border bg-card p-5 text-left shadow-sm transition-all hover:border-primary/60 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer',
              isSelected && 'border-primary ring-2 ring-primary',
            )}
          >
            <div className="flex items-start justify-between gap-2">
              <span
                className={cn(
                  'flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground',
                  isSelected && 'bg-primary text-primary-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              {isSelected ? <CheckCircle2 className="size-5 text-primary" aria-hidden /> : null}
            </div>
            <span className="mt-3 text-base font-semibold">{info.name}</span>
            <span className="mt-1 text-sm text-muted-foreground">{info.description}</span>
            <Badge variant="outline" className="mt-3 w-fit font-medium">
              {info.environment}
            </Badge>
            <ul className="mt-3 space-y-1 text-sm">
              {info.privileges.slice(0, 3).map((privilege) => (
                <li key={privilege} className="flex items-start gap-1.5">
                  <CheckCircle2 className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
                  {privilege}
                </li>
              ))}
            </ul>
          </button>
        );
      })}
    </div>
  );
}
