import { useState } from 'react';
import type { TDispute } from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input, inputClassName } from '@web/components/ui/input';
import { errorMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/utils';
import { useComplainToRegulator } from '../api/disputes';

/** A complaint to the regulator about one of the person's disputes (the Disputes page opens it). */
export default function ComplainDialog({
  dispute,
  open,
  onOpenChange,
}: {
  dispute: TDispute;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('disputes');
  const [subject, setSubject] = useState(() => t('complaint.subject', { reference: dispute.reference, lender: dispute.account.lender }));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const complain = useComplainToRegulator({
    onSuccess: (answer) => {
      toast({
        kind: 'success',
        title: t('complaint.sentToast'),
        description: t('complaint.sentToastText', { reference: answer.reference }),
      });
      onOpenChange(false);
    },
    onError: (e) => setError(errorMessageOf(e, t('form.tryAgain'))),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('complaint.title')}</DialogTitle>
          <DialogDescription>{t('complaint.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            complain.mutate({ disputeId: dispute.id, subject, description });
          }}
        >
          <Field id="complaint-subject" label={t('complaint.subjectLabel')}>
            <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={150} />
          </Field>
          <Field id="complaint-description" label={t('complaint.whatHappened')} error={error}>
            <textarea
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={5}
              className={cn(inputClassName, 'h-auto')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('complaint.cancel')}
            </Button>
            <Button type="submit" disabled={complain.isPending}>
              {complain.isPending ? t('complaint.sending') : t('complaint.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
