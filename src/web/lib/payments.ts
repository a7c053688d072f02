import { ZPaymentResultSchema, type TPaymentRequest, type TPaymentResult } from '@shared/schemas/payments';
import { apiSend } from './api';
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
