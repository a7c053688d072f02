import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBusinessDocumentListSchema, ZBusinessDocumentSchema, type TBusinessDocument, type TDocumentKind } from '@shared/schemas/admin';
import { ZMessageSchema } from '@shared/schemas/common';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { apiDownload, apiUpload } from '@web/lib/api-files';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

const documentsKey = ['business-documents'] as const;
const ACCEPTED_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

export const documentsQuery = () =>
  queryOptions({ queryKey: documentsKey, queryFn: () => apiGet('/api/businesses/me/documents', ZBusinessDocumentListSchema) });
/** The signed-in business's registration documents and its verification status. */
export const useBusinessDocuments = () => useQuery(documentsQuery());

/** Sends the file itself as the body; the server reads its type from its first bytes. */
export const useUploadDocument = (feedback?: TMutationFeedback<TBusinessDocument, { kind: TDocumentKind; file: File }>) =>
  useApiMutation(
    {
      mutationFn: ({ kind, file }: { kind: TDocumentKind; file: File }) =>
        apiUpload(
          `/api/businesses/me/documents${queryString({ kind, fileName: file.name })}`,
          file,
          file.type && ACCEPTED_TYPES.includes(file.type) ? file.type : 'application/octet-stream',
          ZBusinessDocumentSchema,
        ),
      invalidates: [documentsKey],
    },
    feedback,
  );

/** Removes a document while the business is not verified. */
export const useRemoveDocument = (feedback?: TMutationFeedback<{ message: string }, string>) =>
  useApiMutation(
    { mutationFn: (id: string) => apiSend('DELETE', `/api/businesses/me/documents/${id}`, ZMessageSchema), invalidates: [documentsKey] },
    feedback,
  );

/** Downloads one of the business's documents under its own name. */
export const downloadDocument = (document: TBusinessDocument) =>
  apiDownload(`/api/businesses/me/documents/${document.id}`, document.fileName);
