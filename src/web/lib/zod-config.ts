import { config } from 'zod/v4/core';

// The app runs under a CSP without 'unsafe-eval' (plugins/security-headers.ts). Zod's JIT parser
// probes `new Function` and the browser reports that probe as a CSP violation even though zod
// catches it; jitless parsing needs no eval and skips the probe. Imported first by main.tsx.
// From zod's core alone, so the landing page's first bundle stays small (the setting is global).
config({ jitless: true });
