import { LogOut, Menu, UserCircle2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '@shared/app-routes';
import type { TRole } from '@shared/roles';
import { Button } from '@web/components/ui/button';
import { Sheet } from '@web/components/ui/sheet';
import { Tooltip } from '@web/components/ui/tooltip';
import { applyLanguage, i18n, useT } from '@web/lib/i18n';
import { ROLE_INFO, ROLE_NAV } from '@web/lib/role-info';
import { displayNameOf, useLogout, useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/utils';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';

/** Whether a header link is the current page ("/" and "/dashboard" show the role's dashboard). */
function isCurrent(href: string, location: string, home: string) {
  if (href === home) return location === home || location === '/' || location === '/dashboard';
  return location === href;
}

/**
 * The header's words: the consumer's in the portal's language (portal namespace), every other
 * role's in English as before (decisions/047). Nav labels are keyed by the link's last path part.
 */
function useHeaderText(role: TRole) {
  const { t: portalT } = useT('portal');
  const t = role === 'consumer' ? portalT : i18n.getFixedT('en', 'portal');
  const info = ROLE_INFO[role];
  const isConsumer = role === 'consumer';
  return {
    t,
    environment: isConsumer ? t('environment') : info.environment,
    roleName: isConsumer ? t('roleName') : info.name,
    navLabel: (link: { href: string; label: string }) =>
      isConsumer ? t(`nav.${link.href.split('/').pop() ?? ''}`, { defaultValue: link.label }) : link.label,
  };
}

/** Each role's sticky header (nav links, the user's name, theme, Logout, mobile menu) around its pages. */
export function RoleLayout({ role, children }: { role: TRole; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const { session } = useSession();
  const logout = useLogout();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const info = ROLE_INFO[role];
  const links = ROLE_NAV[role];
  const { t, environment, roleName, navLabel } = useHeaderText(role);
  const name = session && session.role === role ? displayNameOf(session) : '';
  // The consumer portal speaks the language the person chose, kept on the server (decisions/043).
  const consumerLanguage = session?.role === 'consumer' && role === 'consumer' ? session.profile.language : null;
  useEffect(() => {
    if (consumerLanguage) applyLanguage(consumerLanguage);
  }, [consumerLanguage]);
  // The consumer's tab title in the portal's language (app/document-title.tsx names it in English first).
  const consumerTabTitle = role === 'consumer' ? links.find((link) => link.href === location) : undefined;
  useEffect(() => {
    if (consumerTabTitle) document.title = `${navLabel(consumerTabTitle)} · ${PRODUCT_NAME}`;
  });

  const onLogout = () => {
    setIsMenuOpen(false);
    logout.mutate(role, {
      onSettled: () => {
        navigate('/');
        toast({ kind: 'success', title: t('loggedOut'), description: t('loggedOutDescription', { environment }) });
      },
    });
  };

  const linkClass = (href: string) =>
    cn(
      'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      isCurrent(href, location, info.home)
        ? 'bg-accent text-accent-foreground'
        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
    );

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b print:hidden bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Brand href={info.home} />
            <span className="hidden border-l pl-3 text-sm text-muted-foreground sm:inline">{environment}</span>
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            {name ? (
              <Tooltip content={t('signedInAs', { environment, role: roleName })} className="hidden md:inline-flex">
                <span
                  className="flex items-center gap-1.5 rounded-md text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  tabIndex={0}
                >
                  <UserCircle2 className="size-5 text-muted-foreground" aria-hidden />
                  <span data-testid="signed-in-name">{name}</span>
                </span>
              </Tooltip>
            ) : null}
            {role === 'consumer' ? <LanguageSwitcher className="hidden sm:inline-flex" /> : null}
            {role === 'consumer' || role === 'business' ? <NotificationBell t={t} /> : null}
            <ThemeToggle />
            <Button variant="outline" size="sm" className="hidden lg:inline-flex" onClick={onLogout} disabled={logout.isPending}>
              <LogOut aria-hidden />
              {t('logout')}
            </Button>
            <Sheet
              open={isMenuOpen}
              onOpenChange={setIsMenuOpen}
              title={environment}
              closeLabel={t('closeMenu')}
              trigger={
                <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('openMenu')}>
                  <Menu aria-hidden />
                </Button>
              }
            >
              {name ? <p className="text-sm font-medium">{name}</p> : null}
              {role === 'consumer' ? <LanguageSwitcher className="self-start sm:hidden" /> : null}
              <nav aria-label={t('mobileNav')} className="flex flex-col gap-1">
                {links.map((link) => (
                  <Link
                    key={link.href}
                    href={link.href}
                    className={linkClass(link.href)}
                    onClick={() => setIsMenuOpen(false)}
                    aria-current={isCurrent(link.href, location, info.home) ? 'page' : undefined}
                  >
                    {navLabel(link)}
                  </Link>
                ))}
              </nav>
              <Button variant="outline" className="mt-auto" onClick={onLogout} disabled={logout.isPending}>
                <LogOut aria-hidden />
                {t('logout')}
              </Button>
            </Sheet>
          </div>
        </div>
        <nav
          aria-label={t('navigation', { role: roleName })}
          className="mx-auto hidden max-w-7xl gap-1 overflow-x-auto px-4 pb-2 sm:px-6 lg:flex lg:px-8"
        >
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={linkClass(link.href)}
              aria-current={isCurrent(link.href, location, info.home) ? 'page' : undefined}
            >
              {navLabel(link)}
            </Link>
          ))}
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8 print:max-w-none print:p-0">
        {children}
      </main>
    </div>
  );
}
