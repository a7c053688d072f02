import type { z } from 'zod';
import {
  ZRegisteredSchema,
  type TConsumerRegistrationForm,
  type ZBusinessPortalRegistrationSchema,
  type ZBusinessRegistrationScreenPayloadSchema,
} from '@shared/schemas/auth';
import { apiSend } from './api';
import { useApiMutation, type TMutationFeedback } from './use-api-mutation';

// Self-registration, the two roles that may register themselves (spec section 6): the business from
// the registration screen (/register) and the access portal, the consumer from the portal.

type TRegistered = z.output<typeof ZRegisteredSchema>;
/** The registration screen's payload or the access portal's (spec section 3): the server takes both. */
export type TBusinessRegistrationBody =
  z.input<typeof ZBusinessRegistrationScreenPayloadSchema> | z.input<typeof ZBusinessPortalRegistrationSchema>;

/** A business registers; the answer's id is the businessId its first payment needs. */
export const useRegisterBusiness = <TBody extends TBusinessRegistrationBody>(feedback?: TMutationFeedback<TRegistered, TBody>) =>
  useApiMutation({ mutationFn: (body: TBody) => apiSend('POST', '/api/businesses/register', ZRegisteredSchema, body) }, feedback);

/** A consumer registers; they then sign in and confirm their identity. */
export const useRegisterConsumer = (feedback?: TMutationFeedback<TRegistered, TConsumerRegistrationForm>) =>
  useApiMutation(
    { mutationFn: (body: TConsumerRegistrationForm) => apiSend('POST', '/api/consumers/register', ZRegisteredSchema, body) },
    feedback,
  );
