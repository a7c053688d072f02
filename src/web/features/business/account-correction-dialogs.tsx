import { ArrowRightLeft, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { TClientAccount } from '@shared/schemas/business';
import { ZAccountMoveSchema, ZRemovalReasonSchema, type TCreditAccountReportInput } from '@shared/schemas/credit';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useMoveAccount, useRemoveAccount } from './api/account-corrections';
import { correctionRefusalOf } from './correction-refusal';
import { SubjectFields } from './subject-fields';
import {
  EMPTY_SUBJECT_FORM,
  SUBJECT_MESSAGE_FIELDS,
  subjectNameOf,
  sharedSchemaResolver,
  withSubjectRules,
  type TSubjectForm,
} from './subject-form';

/** Why the correction was not made, beside its form, unless a message already sits under one of the form's fields. */
function Refusal({ error, title, fields }: { error: unknown; title: string; fields: ReadonlySet<string> }) {
  const named = isApiError(error) ? [...error.fieldErrors.map((f) => f.field), error.field ?? ''] : [];
  const isUnderAField = named.some((f) => fields.has(f === 'subject.address' ? 'subject.address.line' : f));
  const message = isUnderAField ? null : correctionRefusalOf(error);
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

const REMOVE_FIELDS: ReadonlySet<string> = new Set(['reason']);

/**
 * "Remove (reported in error)": the account leaves every credit report at once, with the reason the
 * person is told (DELETE /api/credit/accounts/:accountId).
 */
export function RemoveAccountDialog({ account, onClose }: { account: TClientAccount; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useRemoveAccount({
    onSuccess: (result) => {
      toast({
        kind: 'success',
        title: `Account ${result.accountNumber} removed`,
        description: `It is off ${account.fullName}'s file and every credit report; the person is told.`,
      });
      onClose();
    },
    onError: (e) => {
      if (isApiError(e)) setError(e.fieldErrors.find((f) => REMOVE_FIELDS.has(f.field))?.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own rule (5 to 500 characters), with its message.
    const parsed = ZRemovalReasonSchema.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    remove.mutate({ accountId: account.accountId, reason: parsed.data });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Remove account <span className="whitespace-nowrap">{account.accountNumber}</span>
          </DialogTitle>
          <DialogDescription>
            Reported in error under {account.fullName}. It leaves every credit report at once and the person is told. This cannot be undone
            from here.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label={`Remove account ${account.accountNumber}`}>
          <Field
            id="remove-reason"
            label="Why it was reported in error"
            error={error}
            hint="The person is told this reason, and it stays in the audit trail."
          >
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
          </Field>
          <Refusal error={remove.error} title="Not removed" fields={REMOVE_FIELDS} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden />
              {remove.isPending ? 'Removing…' : 'Remove account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface TMoveForm {
  subject: TSubjectForm;
}

// The route's own schema judges the form, with the ID rule at once.
const moveResolver = sharedSchemaResolver<TMoveForm>(ZAccountMoveSchema, (errors, values) => ({
  ...errors,
  subject: withSubjectRules(errors.subject, values.subject),
}));
const MOVE_FIELDS: ReadonlySet<string> = new Set(SUBJECT_MESSAGE_FIELDS);

/**
 * "Move to the right person": the account, its balance and history go to the person named here,
 * matched as a report's subject is (POST /api/credit/accounts/:accountId/subject).
 */
export function MoveAccountDialog({ account, onClose }: { account: TClientAccount; onClose: () => void }) {
  const form = useForm<TMoveForm>({ resolver: moveResolver, defaultValues: { subject: EMPTY_SUBJECT_FORM } });
  const move = useMoveAccount({
    onSuccess: (result, vars) => {
      const name = subjectNameOf({ firstName: vars.subject.firstName ?? '', lastName: vars.subject.lastName ?? '' });
      if (result.outcome === 'unchanged') {
        toast({ kind: 'success', title: "Already on this person's file", description: `Account ${result.accountNumber} did not move.` });
      } else {
        toast({
          kind: 'success',
          title: `Moved to ${name}'s file`,
          description:
            result.match === 'review'
              ? 'The match is uncertain: the account waits on a new file until an administrator reviews it. Both people are told.'
              : `Account ${result.accountNumber} left ${account.fullName}'s file. Both people are told.`,
        });
      }
      onClose();
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const entries = [...e.fieldErrors];
      if (e.status === 409 && e.field) entries.push({ field: e.field, message: e.serverMessage });
      let isFirst = true;
      for (const { field, message } of entries) {
        const name = field === 'subject.address' ? 'subject.address.line' : field;
        if (!MOVE_FIELDS.has(name)) continue;
        form.setError(name as FieldPath<TMoveForm>, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      }
    },
  });
  // The resolver has judged the typed values with ZAccountMoveSchema: they are its input.
  const submit = form.handleSubmit((values) =>
    move.mutate({ accountId: account.accountId, subject: values.subject as TCreditAccountReportInput['subject'] }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            Move account <span className="whitespace-nowrap">{account.accountNumber}</span> to the right person
          </DialogTitle>
          <DialogDescription>
            It is on {account.fullName}&apos;s file. Give the right person&apos;s details: the account goes to their file with its balance
            and history, matched as a new report is, and both people are told.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label={`Move account ${account.accountNumber}`}>
          <SubjectFields form={form} idPrefix="move-" legend="The right person" />
          <Refusal error={move.error} title="Not moved" fields={MOVE_FIELDS} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={move.isPending}>
              <ArrowRightLeft aria-hidden />
              {move.isPending ? 'Moving…' : 'Move account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
