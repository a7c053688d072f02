import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';

function ReturnLink({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <ArrowLeft className="size-4" aria-hidden />
      Return to main site
    </Link>
  );
}

/** The frame of the sign-in and registration screens: brand, theme, "Return to main site". */
export function AuthLayout({ children, width = 'narrow' }: { children: ReactNode; width?: 'narrow' | 'wide' }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/50 via-background to-background">
      <header className="border-b bg-background/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Brand />
          <div className="flex items-center gap-2">
            <ReturnLink className="hidden sm:inline-flex" />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className={cn('mx-auto w-full flex-1 px-4 py-6 sm:px-6 sm:py-10', width === 'narrow' ? 'max-w-md' : 'max-w-6xl')}>
        {/* On a phone the header has no room for it: it heads the page instead. */}
        <ReturnLink className="-ml-2 mb-4 inline-flex sm:hidden" />
        {children}
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        Protected under the Credit Reference Act, 2011 and the national data protection act.
      </footer>
    </div>
  );
}
