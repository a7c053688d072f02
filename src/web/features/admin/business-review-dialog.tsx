import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { missingRequiredDocuments, requiredDocumentNames } from '@shared/business-verification';
import { DOCUMENT_KIND_LABELS, type TAdminBusinessDetail } from '@shared/schemas/admin';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/lib/toast';
import { formatFileSize, formatDateTime } from '@shared/format';
import { downloadBusinessDocument, useBusiness, useBusinessAction, type TBusinessAction } from './api/businesses';
import { BusinessPlanSection } from './business-plan-form';
import { businessTypeLabel, verificationLabel } from '@shared/labels';
import { errorMessageOf } from '@web/lib/form-errors';

type Action = TBusinessAction;
const ACTION_TEXT: Record<Action, { label: string; needsReason: boolean; hint: string }> = {
  verify: { label: 'Verify business', needsReason: false, hint: 'Optional note (what you checked)' },
  reject: { label: 'Reject', needsReason: true, hint: 'Reason, shown to the business' },
  suspend: { label: 'Suspend', needsReason: true, hint: 'Reason for suspending (its sessions end at once)' },
  reinstate: { label: 'Reinstate', needsReason: false, hint: 'Optional note' },
};

export const STATUS_VARIANT = { pending: 'warning', verified: 'success', rejected: 'destructive', suspended: 'destructive' } as const;

function actionsFor(business: TAdminBusinessDetail): Action[] {
  switch (business.verificationStatus) {
    case 'pending':
      return ['verify', 'reject', 'suspend'];
    case 'rejected':
      return ['verify'];
    case 'verified':
      return ['suspend'];
    case 'suspended':
      return ['reinstate'];
  }
}

/** One business: its registration details and documents side by side with the decision. */
export function BusinessReviewDialog({ businessId, onClose }: { businessId: string | null; onClose: () => void }) {
  const business = useBusiness(businessId);
  const [action, setAction] = useState<Action | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const act = useBusinessAction(businessId, {
    successToast: (r) => r.message,
    onSuccess: () => {
      setAction(null);
      setText('');
    },
  });
  const b = business.data;
  // Verify waits for the documents it is decided on (the server refuses it too, with a 409).
  const missingDocuments = b ? missingRequiredDocuments(b.documents.map((d) => d.kind)) : [];
  const submit = () => {
    if (!action) return;
    if (ACTION_TEXT[action].needsReason && text.trim().length < 3) {
      setError('Please give the reason (at least 3 characters)');
      return;
    }
    setError(undefined);
    const body: Record<string, string> = ACTION_TEXT[action].needsReason ? { reason: text } : text.trim() ? { note: text } : {};
    act.mutate({ action, body }, { onError: (e) => setError(errorMessageOf(e, 'That did not work. Please try again.')) });
  };
  return (
    <Dialog open={!!businessId} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{b?.businessName ?? 'Business'}</DialogTitle>
          <DialogDescription>Check the registration details against the documents before deciding.</DialogDescription>
        </DialogHeader>
        {!b ? (
          <Skeleton className="h-48" />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <section aria-labelledby="business-details" className="min-w-0 space-y-2 text-sm">
              <h3 id="business-details" className="font-semibold">
                Registration
              </h3>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 [&_dd]:[overflow-wrap:anywhere]">
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <Badge variant={STATUS_VARIANT[b.verificationStatus]}>{verificationLabel(b.verificationStatus)}</Badge>
                </dd>
                <dt className="text-muted-foreground">Registration no.</dt>
                <dd className="font-mono">{b.registrationNumber}</dd>
                <dt className="text-muted-foreground">Tax ID</dt>
                <dd className="font-mono">{b.taxId ?? '—'}</dd>
                <dt className="text-muted-foreground">Type</dt>
                <dd>{businessTypeLabel(b.businessType)}</dd>
                <dt className="text-muted-foreground">Address</dt>
                <dd>{b.address ?? '—'}</dd>
                <dt className="text-muted-foreground">Contact</dt>
                <dd>
                  {b.contactName}
                  {b.contactPosition ? `, ${b.contactPosition}` : ''}
                </dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all">{b.email}</dd>
                <dt className="text-muted-foreground">Phone</dt>
                <dd>{b.phone}</dd>
                <dt className="text-muted-foreground">Registered</dt>
                <dd>{formatDateTime(b.createdAt)}</dd>
              </dl>
              {b.verificationNote ? <p className="rounded-md bg-muted p-2 text-xs">Last note: {b.verificationNote}</p> : null}
            </section>
            <section aria-labelledby="business-documents" className="min-w-0 space-y-2">
              <h3 id="business-documents" className="text-sm font-semibold">
                Documents ({b.documents.length})
              </h3>
              {b.documents.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No documents uploaded yet. A business is verified on its registration certificate and tax identification.
                </p>
              ) : (
                <ul className="space-y-2">
                  {b.documents.map((d) => (
                    <li key={d.id} className="flex items-center gap-3 rounded-md border p-2 text-sm">
                      <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{DOCUMENT_KIND_LABELS[d.kind]}</p>
                        <p className="truncate text-xs text-muted-foreground">
                          {d.fileName} · {formatFileSize(d.sizeBytes)} · {formatDateTime(d.uploadedAt)}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Download ${d.fileName}`}
                        onClick={() =>
                          downloadBusinessDocument(b.id, d).catch((e: Error) =>
                            toast({ kind: 'error', title: 'Download failed', description: errorMessageOf(e, 'Please try again.') }),
                          )
                        }
                      >
                        <Download aria-hidden />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
        {b ? <BusinessPlanSection key={b.id} business={b} /> : null}
        {b ? (
          <div className="space-y-3 border-t pt-4">
            <div className="flex flex-wrap gap-2">
              {actionsFor(b).map((a) => (
                <Button
                  key={a}
                  variant={a === 'verify' || a === 'reinstate' ? 'default' : action === a ? 'destructive' : 'outline'}
                  onClick={() => {
                    setAction(a);
                    setError(undefined);
                  }}
                  aria-pressed={action === a}
                  disabled={a === 'verify' && missingDocuments.length > 0}
                  aria-describedby={a === 'verify' && missingDocuments.length > 0 ? 'verify-blocked-reason' : undefined}
                >
                  {ACTION_TEXT[a].label}
                </Button>
              ))}
            </div>
            {actionsFor(b).includes('verify') && missingDocuments.length > 0 ? (
              <p id="verify-blocked-reason" className="text-sm text-muted-foreground">
                Verify is available once the business has uploaded its {requiredDocumentNames(missingDocuments)}.
              </p>
            ) : null}
            {action ? (
              <div className="space-y-3">
                <Field id="business-action-text" label={ACTION_TEXT[action].hint} error={error}>
                  <Textarea value={text} onChange={(e) => setText(e.target.value)} />
                </Field>
                <Alert variant={action === 'verify' || action === 'reinstate' ? 'info' : 'warning'}>
                  <AlertDescription>
                    {action === 'verify'
                      ? 'Once verified, the business can search the registry, pull reports and report accounts.'
                      : action === 'reject'
                        ? 'The business sees your reason and may upload new documents; it then comes back to this queue.'
                        : action === 'suspend'
                          ? 'Its sessions end now; it cannot sign in or use the registry until reinstated.'
                          : 'The business can sign in and use the registry again.'}
                  </AlertDescription>
                </Alert>
                <div className="flex gap-2">
                  <Button
                    onClick={submit}
                    disabled={act.isPending}
                    variant={action === 'reject' || action === 'suspend' ? 'destructive' : 'default'}
                  >
                    {act.isPending ? 'Saving...' : `Confirm: ${ACTION_TEXT[action].label.toLowerCase()}`}
                  </Button>
                  <Button variant="ghost" onClick={() => setAction(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
