import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, type TDocumentKind } from '@shared/schemas/admin';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessageOf } from '@web/lib/form-errors';
import { formatFileSize, formatShortDate } from '@shared/format';
import { toast } from '@web/lib/toast';
import { downloadDocument, useBusinessDocuments, useRemoveDocument, useUploadDocument } from './api/documents';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { verificationLabel } from '@shared/labels';

const STATUS_TEXT = {
  pending:
    'Your registration is waiting for verification. Upload your registration certificate and tax identification; an administrator checks them, then credit checks open.',
  verified: 'Your business is verified. These documents are kept as the record of its verification.',
  rejected: 'Your verification was rejected. Upload corrected documents and your registration goes back to the verification queue.',
  suspended: 'Your business is suspended. Contact CreditCheck SL.',
} as const;
const STATUS_VARIANT = { pending: 'warning', verified: 'success', rejected: 'destructive', suspended: 'destructive' } as const;
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

/**
 * Registration documents of the signed-in business: upload (PDF, PNG or JPEG up to 5 MB), list,
 * download, remove while not verified. The business pages render it (decisions/013).
 */
export function BusinessDocumentsSection() {
  const documents = useBusinessDocuments();
  const [kind, setKind] = useState<TDocumentKind>('registration');
  const [fileError, setFileError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument({
    onSuccess: (doc) => {
      toast({ kind: 'success', title: 'Document uploaded', description: `${DOCUMENT_KIND_LABELS[doc.kind]}: ${doc.fileName}` });
      if (fileInput.current) fileInput.current.value = '';
    },
    onError: (error) => setFileError(errorMessageOf(error, 'Please try again')),
  });
  const remove = useRemoveDocument({ successToast: 'Document removed', errorToast: 'Could not remove it' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setFileError('Please choose a file');
    if (file.size > MAX_DOCUMENT_BYTES) return setFileError('The file is larger than 5 MB');
    if (!/\.(pdf|png|jpe?g)$/i.test(file.name)) return setFileError('Only PDF, PNG or JPEG files are accepted');
    setFileError(undefined);
    upload.mutate({ kind, file });
  };
  const d = documents.data;
  const canRemove = d && (d.verificationStatus === 'pending' || d.verificationStatus === 'rejected');
  return (
    <Card id="documents">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold leading-tight">Registration documents</h2>
        </CardTitle>
        <CardDescription>
          Business verification needs your registration documents, tax identification and any supporting documents. PDF, PNG or JPEG, at
          most 5 MB each.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {documents.isError ? (
          <QueryErrorCard query={documents} />
        ) : !d ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            <Alert variant={d.verificationStatus === 'verified' ? 'info' : d.verificationStatus === 'pending' ? 'warning' : 'destructive'}>
              <AlertTitle>
                <Badge variant={STATUS_VARIANT[d.verificationStatus]}>{verificationLabel(d.verificationStatus)}</Badge>
              </AlertTitle>
              <AlertDescription>
                <p>{STATUS_TEXT[d.verificationStatus]}</p>
                {d.verificationNote && d.verificationStatus !== 'verified' ? (
                  <p className="mt-1 font-medium">Administrator&apos;s note: {d.verificationNote}</p>
                ) : null}
              </AlertDescription>
            </Alert>
            {d.verificationStatus === 'suspended' ? null : (
              <form className="grid gap-3 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-end" onSubmit={onSubmit} noValidate>
                <Field id="document-kind" label="Document">
                  <NativeSelect value={kind} onChange={(e) => setKind(e.target.value as TDocumentKind)} className="lg:w-auto lg:min-w-60">
                    {DOCUMENT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {DOCUMENT_KIND_LABELS[k]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field id="document-file" label="File" error={fileError}>
                  <Input
                    ref={fileInput}
                    type="file"
                    accept={ACCEPT}
                    className="h-10 cursor-pointer py-1 pl-1 file:mr-3 file:h-full file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-3 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
                  />
                </Field>
                <Button type="submit" disabled={upload.isPending}>
                  <Upload aria-hidden />
                  {upload.isPending ? 'Uploading...' : 'Upload'}
                </Button>
              </form>
            )}
            {d.documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents uploaded yet.</p>
            ) : (
              <ul className="space-y-2" aria-label="Your documents">
                {d.documents.map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3 rounded-md border p-2 text-sm">
                    <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{DOCUMENT_KIND_LABELS[doc.kind]}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {doc.fileName} · {formatFileSize(doc.sizeBytes)} · {formatShortDate(doc.uploadedAt)}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Download ${doc.fileName}`}
                      onClick={() =>
                        downloadDocument(doc).catch((e: Error) =>
                          toast({ kind: 'error', title: 'Download failed', description: e.message }),
                        )
                      }
                    >
                      <Download aria-hidden />
                    </Button>
                    {canRemove ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${doc.fileName}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(doc.id)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
