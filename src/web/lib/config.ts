import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

export interface TAppConfig {
  demoMode: boolean;
  productName: string;
  /** What this deployment only simulates. */
  sandbox: ('payments' | 'sms')[];
  /** A staging server on the sandbox providers: every page says so. */
  showSandboxBanner: boolean;
}

/** GET /api/config: whether the demo accounts exist (the portal's demo box shows only then). */
export function useAppConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => apiGet<TAppConfig>('/api/config') });
}
