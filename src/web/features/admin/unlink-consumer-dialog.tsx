import { useState, type FormEvent } from 'react';
import { ZUnlinkConsumerSchema } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { useUnlinkConsumer } from './api/users';

/**
 * Undo a consumer account's linking to a credit file (POST /api/admin/consumers/:id/unlink,
 * decisions/021), after checking the person's documents: the account loses the file and its
 * sessions, the phone it confirmed with is no longer trusted, and the NIN can be registered again.
 */
export function UnlinkConsumerButton({ userId, name }: { userId: string; name: string }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const unlink = useUnlinkConsumer(userId, {
    successToast: (r) => r.message,
    errorToast: 'That did not work',
    onSuccess: () => setOpen(false),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own rule (at least 10 characters), with its message.
    const parsed = ZUnlinkConsumerSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    unlink.mutate(parsed.data);
  };
  const fieldId = `unlink-reason-${userId}`;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Undo linking of ${name} to a credit file`}>
        Undo linking
      </Button>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Undo the linking of {name}</DialogTitle>
            <DialogDescription>
              Only after checking the person’s ID documents. The account loses access to the credit file and is signed out; the phone it
              confirmed with is no longer trusted for this National ID, and the National ID can be registered again at once.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field id={fieldId} label="Reason" error={error}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
            </Field>
            <DialogFooter>
              <Button type="submit" variant="destructive" disabled={unlink.isPending}>
                Undo linking
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
