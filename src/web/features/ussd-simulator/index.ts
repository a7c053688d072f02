import type { TPageLoader } from '@web/lib/page-loader';

/** The USSD simulator's door (demo mode only, decisions/044): its page, loaded on demand. */
export const loadUssdSimulatorPage: TPageLoader = () => import('./ussd-simulator-page');
