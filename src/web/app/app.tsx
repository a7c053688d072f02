import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from '@web/lib/query-client';
import { ThemeProvider } from '@web/lib/theme';
import { loadLandingPage } from './lazy-pages';
import { AppRoutes } from './routes';

// The toast region is loaded after the first paint; a toast raised before it arrives waits in the store.
const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

// The landing page's code is fetched while the session check runs, not after it.
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLandingPage();

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AppRoutes />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
