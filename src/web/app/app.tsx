import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { SandboxBanner } from '@web/components/layout/sandbox-banner';
import { watchSessionEnd } from '@web/lib/session-end';
import { useToasts } from '@web/lib/toast';
import { ThemeProvider } from '@web/lib/theme';
import { DocumentTitle } from './document-title';
import { loadLandingPage } from './lazy-pages';
import { AppRoutes } from './routes';

// The toast region is loaded with the first toast (a toast raised before it arrives waits in the
// store): Radix's toast is 8 KB compressed that most first loads of a page never use (decisions/048).
const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

// The landing page's code is fetched while the session check runs, not after it.
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLandingPage();

/**
 * The sandbox banner and, from the first toast on, the toast region: mounted once the browser has
 * had an idle moment after the first render (never on the server). Its own component: the state
 * change re-renders it alone, not the routes beside it, which may still be taking over the server's
 * markup (decisions/018); an update there before that is done makes React throw the server's markup
 * away and render it again.
 */
function IdleToaster() {
  const [isIdle, setIsIdle] = useState(false);
  const hasToast = useToasts().length > 0;
  const [isToasterWanted, setIsToasterWanted] = useState(false);
  if (hasToast && !isToasterWanted) setIsToasterWanted(true);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIsIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIsIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  return isIdle ? (
    <>
      <SandboxBanner />
      {isToasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  ) : null;
}

/** An answer 401 anywhere signs the person out in the interface and sends them to sign in (lib/session-end.ts). */
function SessionEndWatcher() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => watchSessionEnd(queryClient, (path) => navigate(path)), [queryClient, navigate]);
  return null;
}

/**
 * The whole app. The browser passes its query client (seeded from the page when the server rendered
 * the landing page, decisions/018); the server passes `ssrPath` too, as it has no location.
 */
export function App({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <ThemeProvider>
          <DocumentTitle />
          <SessionEndWatcher />
          <AppRoutes />
          <IdleToaster />
        </ThemeProvider>
      </Router>
    </QueryClientProvider>
  );
}
