import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZAdminContentSchema,
  ZAdminPlanListSchema,
  ZAdminPlanSchema,
  ZAdminSettingsSchema,
  type TAdminPlan,
  type TAdminPlanUpdate,
  type TAdminSettingsUpdate,
  type TContentUpdate,
} from '@shared/schemas/admin';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

// System Settings: rates and policies, plans and prices, the landing page's text.

export const settingsQuery = () =>
  queryOptions({ queryKey: adminKeys.settings, queryFn: () => apiGet('/api/admin/settings', ZAdminSettingsSchema) });
/** The run-time settings: exchange rate, dispute deadline, retention, sign-in lockout. */
export const useAdminSettings = () => useQuery(settingsQuery());

export const useSaveAdminSettings = (feedback?: TMutationFeedback<unknown, TAdminSettingsUpdate>) =>
  useApiMutation(
    {
      mutationFn: (body: TAdminSettingsUpdate) => apiSend('PUT', '/api/admin/settings', ZAdminSettingsSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

export const plansQuery = () =>
  queryOptions({ queryKey: adminKeys.plans, queryFn: () => apiGet('/api/admin/plans', ZAdminPlanListSchema) });
/** Every plan with its price, quota and subscriber count. */
export const useAdminPlans = () => useQuery(plansQuery());

/** A plan's price, quota, description and features: new prices apply from each renewal, quotas at once. */
export const useSaveAdminPlan = (code: string, feedback?: TMutationFeedback<TAdminPlan, TAdminPlanUpdate>) =>
  useApiMutation(
    {
      mutationFn: (body: TAdminPlanUpdate) => apiSend('PUT', `/api/admin/plans/${code}`, ZAdminPlanSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

export const contentQuery = () =>
  queryOptions({ queryKey: adminKeys.content, queryFn: () => apiGet('/api/admin/content', ZAdminContentSchema) });
/** The landing page's managed text, every key of every section (null: the built-in default). */
export const useAdminContent = () => useQuery(contentQuery());

/** One key of the landing page's text; empty text brings the default back. */
export const useSaveContent = (feedback?: TMutationFeedback<unknown, TContentUpdate>) =>
  useApiMutation(
    {
      mutationFn: (body: TContentUpdate) => apiSend('PUT', '/api/admin/content', ZAdminContentSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
