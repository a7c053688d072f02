import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

// Read by every page (the sandbox banner): the schema comes with the answer (decisions/012).
const configSchema = async () => (await import('@shared/schemas/config')).ZAppConfigSchema;

export const appConfigQuery = () => queryOptions({ queryKey: ['config'], queryFn: () => apiGet('/api/config', configSchema) });

/** GET /api/config: whether the demo accounts exist (the portal's demo box shows only then), the sandbox banner. */
export const useAppConfig = () => useQuery(appConfigQuery());
