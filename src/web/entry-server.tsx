// The landing page rendered on the server (decisions/018). Vite builds this file into
// dist/web-ssr/entry-server.js with React bundled in; the server's web-app plugin calls
// renderLanding with the live content and puts the markup inside <div id="root">.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { TLandingData, TLandingRenderer } from '@shared/landing-data';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { seedLandingData } from './lib/landing-data';

export const renderLanding: TLandingRenderer['renderLanding'] = async (data: TLandingData) => {
  const queryClient = createQueryClient();
  seedLandingData(queryClient, data);
  // prerender waits for the lazy landing chunk, so the markup is complete (no streamed inline script).
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={queryClient} ssrPath="/" />
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
};
