import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { readLandingData, seedLandingData } from './lib/landing-data';
import './index.css';

const rootElement = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// The server rendered the landing page (decisions/018): it is already on screen, so React takes it
// over from the data it was rendered from. As a transition, the work yields to the browser every
// few milliseconds instead of blocking input for the whole hydration.
const landingData = rootElement.hasChildNodes() ? readLandingData() : null;
if (landingData) {
  seedLandingData(queryClient, landingData);
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  createRoot(rootElement).render(app);
}
