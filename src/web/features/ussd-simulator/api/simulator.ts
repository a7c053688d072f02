import { ZUssdSimulatorReplySchema, type TUssdCallback, type TUssdSimulatorReply } from '@shared/schemas/consumer/ussd';
import { apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

/** POST /api/ussd/simulator (demo mode only): the menu's answer to one step, as the aggregator would get it. */
export const sendUssdStep = (body: TUssdCallback) => apiSend('POST', '/api/ussd/simulator', ZUssdSimulatorReplySchema, body);

export const useUssdStep = (feedback?: TMutationFeedback<TUssdSimulatorReply, TUssdCallback>) =>
  useApiMutation({ mutationFn: sendUssdStep }, feedback);
