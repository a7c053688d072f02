import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCertificateVerificationSchema } from '@shared/schemas/certificate';
import { apiGet, hasErrorCode } from '@web/lib/api';

export const certificateCheckQuery = (id: string) =>
  queryOptions({
    queryKey: ['certificate-check', id],
    queryFn: () => apiGet(`/api/certificates/${encodeURIComponent(id)}`, ZCertificateVerificationSchema),
    // An unknown id is an answer, not a failure to retry.
    retry: (count, error) => !hasErrorCode(error, 'NOT_FOUND') && count < 2,
  });
/** GET /api/certificates/:id: valid or not, the holder, the standing (no sign-in). */
export const useCertificateCheck = (id: string) => useQuery(certificateCheckQuery(id));
