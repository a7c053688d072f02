import { ZMessageSchema } from '@shared/schemas/common';
import type { TUssdPinRequest } from '@shared/schemas/consumer/ussd';
import { apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

/** PUT /api/consumers/me/ussd-pin: a new USSD PIN (it also opens a USSD lock). */
export const useSetUssdPin = (feedback?: TMutationFeedback<{ message: string }, TUssdPinRequest>) =>
  useApiMutation({ mutationFn: (body: TUssdPinRequest) => apiSend('PUT', '/api/consumers/me/ussd-pin', ZMessageSchema, body) }, feedback);
