import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Sheet } from '@web/components/ui/sheet';
import { ROLE_INFO } from '@web/lib/role-info';
import { useSession } from '@web/lib/session';
import { Brand } from './brand';
import { SectionLink } from './section-link';
import { ThemeToggle } from './theme-toggle';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const mobileLinkClass =
  'block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function NavLinks({ itemClass, onNavigate }: { itemClass: string; onNavigate?: () => void }) {
  return (
    <>
      <SectionLink section="features" className={itemClass} onNavigate={onNavigate}>
        Build and Use
      </SectionLink>
      <SectionLink section="about" className={itemClass} onNavigate={onNavigate}>
        Vision
      </SectionLink>
      <Link href="/why" className={itemClass} onClick={onNavigate}>
        Why
      </Link>
      <SectionLink section="pricing" className={itemClass} onNavigate={onNavigate}>
        Resources
      </SectionLink>
    </>
  );
}

/** The landing area's header: brand, section links, Access Portal (visitors) or Dashboard (signed in). */
export function SiteHeader() {
  const { isLoading, session } = useSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const isVisitor = !isLoading && !session;
  const action = isLoading ? null : session ? (
    <Button asChild>
      <Link href={session.role === 'business' ? '/business/dashboard' : ROLE_INFO[session.role].home}>Dashboard</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link href="/auth">Access Portal</Link>
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLinks itemClass={linkClass} />
        </nav>
        <div className="flex items-center gap-2">
          {isVisitor ? (
            <span
              className="hidden rounded-full border bg-muted px-2.5 py-1 font-mono text-xs text-muted-foreground sm:inline"
              title="Network fee"
            >
              0.00012 Gwei
            </span>
          ) : null}
          <ThemeToggle />
          <div className="hidden md:block">{action}</div>
          <Sheet
            open={isMenuOpen}
            onOpenChange={setIsMenuOpen}
            title="Menu"
            trigger={
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu aria-hidden />
              </Button>
            }
          >
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              <NavLinks itemClass={mobileLinkClass} onNavigate={() => setIsMenuOpen(false)} />
            </nav>
            <div className="mt-auto flex flex-col gap-3" onClick={() => setIsMenuOpen(false)}>
              {isVisitor ? <span className="font-mono text-xs text-muted-foreground">0.00012 Gwei</span> : null}
              {action}
            </div>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
