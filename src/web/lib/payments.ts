import { ZPaymentResultSchema, type TPaymentRequest, type TPaymentResult } from '@shared/schemas/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMobileMoneyPayment } from '@shared/schemas/mobile-money';
import { apiGet, apiSend } from './api';
import { meQueryKey } from './session';
import { useApiMutation, type TMutationFeedback } from './use-api-mutation';

export type TPaymentOrder = Omit<TPaymentRequest, 'businessId'> & { businessId: string | undefined };

/**
 * A card payment for a plan (POST /api/payments, spec section 7), from the registration dialog and
 * the subscription pages. It changes the business's plan and period: the "me" answer the headers
 * show and the business workspace's figures (its queries sit under ['business']) are read again.
 */
export const usePayment = (feedback?: TMutationFeedback<TPaymentResult, TPaymentOrder>) =>
  useApiMutation(
    {
      mutationFn: async ({ businessId, ...order }: TPaymentOrder) => {
        // Spec section 8: a missing business id raises "Business ID is required".
        if (!businessId) throw new Error('Business ID is required');
        return apiSend('POST', '/api/payments', ZPaymentResultSchema, { businessId, ...order });
      },
      invalidates: [meQueryKey('business'), ['business']],
    },
    feedback,
  );

// ------------------------------------------------------------------------------------------------
// Mobile money (decisions/046): asked of the provider, answered pending, polled until settled.
// ------------------------------------------------------------------------------------------------

const mobileMoneySchemas = () => import('@shared/schemas/mobile-money');
export type TMobileMoneyOrder = {
  businessId: string | undefined;
  method: 'orange_money' | 'afrimoney';
  phone: string;
  planCode: string;
  autoRenew: boolean;
};

/** POST /api/payments/mobile-money: the payer is prompted on the phone; the answer is pending. */
export const useMobileMoneyPayment = (feedback?: TMutationFeedback<TMobileMoneyPayment, TMobileMoneyOrder>) =>
  useApiMutation(
    {
      mutationFn: async ({ businessId, ...order }: TMobileMoneyOrder) => {
        if (!businessId) throw new Error('Business ID is required');
        return apiSend('POST', '/api/payments/mobile-money', async () => (await mobileMoneySchemas()).ZMobileMoneyPaymentSchema, {
          businessId,
          ...order,
        });
      },
    },
    feedback,
  );

/**
 * GET /api/payments/mobile-money/:id every two seconds while pending. Only the server settles a
 * payment (a verified callback or the provider's answer); once it has, the plan and the business's
 * figures are read again.
 */
export function useMobileMoneyStatus(paymentId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payments', 'mobile-money', paymentId],
    enabled: !!paymentId,
    queryFn: async () => {
      const payment = await apiGet(
        `/api/payments/mobile-money/${paymentId}`,
        async () => (await mobileMoneySchemas()).ZMobileMoneyPaymentSchema,
      );
      if (payment.status === 'succeeded') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: meQueryKey('business') }),
          queryClient.invalidateQueries({ queryKey: ['business'] }),
        ]);
      }
      return payment;
    },
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : 2000),
  });
}
