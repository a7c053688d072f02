import { FolderOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  INVESTIGATION_OUTCOME_LABELS,
  INVESTIGATION_OUTCOMES,
  type INVESTIGATION_STATUSES,
  type TRegulatorComplaint,
} from '@shared/schemas/oversight';

type TInvestigationStatus = (typeof INVESTIGATION_STATUSES)[number];
type TInvestigationOutcome = (typeof INVESTIGATION_OUTCOMES)[number];
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { ErrorMessageAlert } from '@web/components/ui/query-error-alert';
import { formatDateTime, plural } from '@shared/format';
import { fieldErrorMapOf } from '@web/lib/form-errors';
import {
  useAddInvestigationNote,
  useComplaints,
  useInvestigation,
  useInvestigations,
  useOpenInvestigation,
  useUpdateInvestigation,
} from './api/investigations';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';

const STATUS_VARIANT = {
  open: 'warning',
  in_progress: 'warning',
  closed: 'secondary',
  received: 'destructive',
  under_investigation: 'warning',
} as const;
const statusText = (s: string) => s.replaceAll('_', ' ');

function OpenDialog({
  complaint,
  isOpen,
  onClose,
  onOpened,
}: {
  complaint: TRegulatorComplaint | null;
  isOpen: boolean;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useOpenInvestigation({
    successToast: 'Investigation opened',
    onSuccess: (r) => {
      onClose();
      onOpened(r.id);
    },
  });
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(o) => {
        if (o) return;
        onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Open an investigation</DialogTitle>
          <DialogDescription>
            {complaint
              ? `From complaint ${complaint.reference} by ${complaint.consumerName}${complaint.businessName ? `, about ${complaint.businessName}` : ''}.`
              : 'About a lender or a practice you have noticed.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Field id="investigation-title" label="Title" error={errors.title}>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field id="investigation-description" label="What is being investigated" error={errors.description}>
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <ErrorMessageAlert message={errors.form} />
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={open.isPending}
            onClick={() =>
              open.mutate(
                { title, description, ...(complaint ? { complaintId: complaint.id } : {}) },
                { onError: (e) => setErrors(fieldErrorMapOf(e)) },
              )
            }
          >
            {open.isPending ? 'Opening...' : 'Open investigation'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function InvestigationDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const investigation = useInvestigation(id);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<TInvestigationStatus | ''>('');
  const [outcome, setOutcome] = useState<TInvestigationOutcome | ''>('');
  const [outcomeNote, setOutcomeNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const addNote = useAddInvestigationNote(id, { successToast: 'Note added', onSuccess: () => setNote('') });
  const update = useUpdateInvestigation(id, { successToast: status === 'closed' ? 'Investigation closed' : 'Status changed' });
  const inv = investigation.data;
  const currentStatus = status || inv?.status || 'open';
  return (
    <Dialog
      open={!!id}
      onOpenChange={(o) => {
        if (o) return;
        setStatus('');
        setErrors({});
        onClose();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{inv ? `${inv.reference}: ${inv.title}` : 'Investigation'}</DialogTitle>
          <DialogDescription>
            {inv
              ? `Opened ${formatDateTime(inv.createdAt)}${inv.openedBy ? ` by ${inv.openedBy}` : ''}${inv.businessName ? ` · about ${inv.businessName}` : ''}`
              : 'Loading...'}
          </DialogDescription>
        </DialogHeader>
        {!inv ? (
          <Skeleton className="h-40" />
        ) : (
          <div className="space-y-4 text-sm">
            {inv.description ? <p>{inv.description}</p> : null}
            {inv.complaint ? (
              <section aria-labelledby="complaint" className="rounded-md bg-muted p-3">
                <h3 id="complaint" className="font-semibold">
                  Complaint {inv.complaint.reference} from {inv.complaint.consumerName}
                </h3>
                <p className="font-medium">{inv.complaint.subject}</p>
                <p className="whitespace-pre-line">{inv.complaint.description}</p>
              </section>
            ) : null}
            <section aria-labelledby="notes" className="space-y-2">
              <h3 id="notes" className="font-semibold">
                Notes ({inv.notes.length})
              </h3>
              <ol className="space-y-2">
                {inv.notes.map((n) => (
                  <li key={n.id} className="rounded-md border p-2">
                    <p className="whitespace-pre-line">{n.body}</p>
                    <p className="text-xs text-muted-foreground">
                      {n.author ?? 'Regulator'} · {formatDateTime(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ol>
              {inv.status !== 'closed' ? (
                <div className="space-y-2">
                  <Field id="note-body" label="Add a note" error={errors.body}>
                    <Textarea value={note} onChange={(e) => setNote(e.target.value)} />
                  </Field>
                  <Button
                    size="sm"
                    disabled={addNote.isPending || note.trim().length < 2}
                    onClick={() => addNote.mutate(note, { onError: (e) => setErrors(fieldErrorMapOf(e)) })}
                  >
                    Add note
                  </Button>
                </div>
              ) : null}
            </section>
            <section aria-labelledby="status" className="space-y-3 border-t pt-3">
              <h3 id="status" className="font-semibold">
                Status and outcome
              </h3>
              {inv.status === 'closed' ? (
                <p>
                  Closed {formatDateTime(inv.closedAt)}:{' '}
                  <span className="font-medium">{inv.outcome ? INVESTIGATION_OUTCOME_LABELS[inv.outcome] : ''}</span>. {inv.outcomeNote}
                </p>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id="investigation-status" label="Status">
                  <NativeSelect value={currentStatus} onChange={(e) => setStatus(e.target.value as TInvestigationStatus)}>
                    <option value="open">Open</option>
                    <option value="in_progress">In progress</option>
                    <option value="closed">Closed</option>
                  </NativeSelect>
                </Field>
                {currentStatus === 'closed' && inv.status !== 'closed' ? (
                  <Field id="investigation-outcome" label="Outcome" error={errors.outcome}>
                    <NativeSelect
                      value={outcome}
                      onChange={(e) => {
                        setOutcome(e.target.value as TInvestigationOutcome);
                        setErrors(({ outcome: _cleared, ...rest }) => rest);
                      }}
                    >
                      <option value="">Choose...</option>
                      {INVESTIGATION_OUTCOMES.map((o) => (
                        <option key={o} value={o}>
                          {INVESTIGATION_OUTCOME_LABELS[o]}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                ) : null}
              </div>
              {currentStatus === 'closed' && inv.status !== 'closed' ? (
                <Field id="investigation-outcome-note" label="Outcome summary (the complainant sees it)" error={errors.outcomeNote}>
                  <Textarea
                    value={outcomeNote}
                    onChange={(e) => {
                      setOutcomeNote(e.target.value);
                      setErrors(({ outcomeNote: _cleared, ...rest }) => rest);
                    }}
                  />
                </Field>
              ) : null}
              <ErrorMessageAlert message={errors.form} />
              <Button
                size="sm"
                disabled={update.isPending || currentStatus === inv.status}
                onClick={() =>
                  update.mutate(
                    { status: currentStatus, ...(currentStatus === 'closed' ? { ...(outcome ? { outcome } : {}), outcomeNote } : {}) },
                    {
                      onError: (e) => setErrors(fieldErrorMapOf(e)),
                      onSuccess: () => {
                        setStatus('');
                        setErrors({});
                      },
                    },
                  )
                }
              >
                {update.isPending ? 'Saving...' : 'Save status'}
              </Button>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Investigations: consumers' complaints, and the investigations opened from them, with notes, status and outcome. */
export default function RegulatorInvestigationsPage() {
  const complaints = useComplaints();
  const investigations = useInvestigations();
  const [fromComplaint, setFromComplaint] = useState<TRegulatorComplaint | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const newComplaints = complaints.data?.complaints.filter((c) => c.status === 'received') ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Investigations"
        description="Complaints from consumers arrive here; open an investigation, keep notes, and close it with an outcome the consumer is told."
        actions={
          <Button
            onClick={() => {
              setFromComplaint(null);
              setIsOpening(true);
            }}
          >
            <Plus aria-hidden />
            Open investigation
          </Button>
        }
      />
      <SectionCard
        title={<>New complaints ({newComplaints.length})</>}
        description="Filed by consumers from their dispute pages or on their own."
      >
        {!complaints.data ? (
          <Skeleton className="h-20" />
        ) : newComplaints.length === 0 ? (
          <p className="text-sm text-muted-foreground">No complaint is waiting.</p>
        ) : (
          <ul className="space-y-3">
            {newComplaints.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 text-sm"
                data-testid="complaint"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">
                    {c.subject} <span className="font-mono text-xs text-muted-foreground">{c.reference}</span>
                  </p>
                  <p className="line-clamp-2 text-muted-foreground">{c.description}</p>
                  <p className="text-xs text-muted-foreground">
                    {c.consumerName} · {formatDateTime(c.createdAt)}
                    {c.businessName ? ` · about ${c.businessName}` : ''}
                    {c.disputeId ? ' · linked to a dispute' : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  onClick={() => {
                    setFromComplaint(c);
                    setIsOpening(true);
                  }}
                  aria-label={`Investigate complaint ${c.reference}`}
                >
                  Investigate
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title="Investigations">
        {!investigations.data ? (
          <Skeleton className="h-20" />
        ) : investigations.data.investigations.length === 0 ? (
          <EmptyState icon={FolderOpen} title="No investigations yet" />
        ) : (
          <ul className="space-y-3">
            {investigations.data.investigations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 text-sm">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">
                    <span className="font-mono text-xs text-muted-foreground">{i.reference}</span> {i.title}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={STATUS_VARIANT[i.status]} className="capitalize">
                      {statusText(i.status)}
                    </Badge>
                    {i.outcome ? <Badge variant="outline">{INVESTIGATION_OUTCOME_LABELS[i.outcome]}</Badge> : null}
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {i.businessName ?? 'No lender named'} · {plural(i.noteCount, { one: 'note', other: 'notes' })} · updated{' '}
                    {formatDateTime(i.updatedAt)}
                    {i.complaintReference ? ` · complaint ${i.complaintReference}` : ''}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => setOpenId(i.id)} aria-label={`Open ${i.reference}`}>
                  Open
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <OpenDialog complaint={fromComplaint} isOpen={isOpening} onClose={() => setIsOpening(false)} onOpened={setOpenId} />
      <InvestigationDetail id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
