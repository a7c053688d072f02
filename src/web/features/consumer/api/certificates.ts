import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCertificateIssuedSchema, ZOwnCertificateListSchema } from '@shared/schemas/certificate';
import { z } from 'zod';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

const certificatesKey = [...consumerKeys.all, 'certificates'] as const;

export const ownCertificatesQuery = () =>
  queryOptions({ queryKey: certificatesKey, queryFn: () => apiGet('/api/consumers/me/certificates', ZOwnCertificateListSchema) });
/** The person's clearance certificates, each valid or not (decisions/045). */
export const useOwnCertificates = () => useQuery(ownCertificatesQuery());

/** "Get a clearance certificate": free; refused while an account is in default. */
export const useIssueCertificate = (feedback?: TMutationFeedback<z.infer<typeof ZCertificateIssuedSchema>, void>) =>
  useApiMutation(
    { mutationFn: () => apiSend('POST', '/api/consumers/me/certificates', ZCertificateIssuedSchema), invalidates: [certificatesKey] },
    feedback,
  );

const ZRevokedSchema = z.object({ id: z.string(), revokedAt: z.string() });
export const useRevokeCertificate = (feedback?: TMutationFeedback<z.infer<typeof ZRevokedSchema>, string>) =>
  useApiMutation(
    {
      mutationFn: (id: string) => apiSend('POST', `/api/consumers/me/certificates/${encodeURIComponent(id)}/revoke`, ZRevokedSchema),
      invalidates: [certificatesKey],
    },
    feedback,
  );
