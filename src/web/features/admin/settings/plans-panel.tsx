import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TAdminPlan } from '@shared/schemas/admin';
import { formatMinorAmount, formatUsdCents } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ErrorMessageAlert } from '@web/components/ui/query-error-alert';
import { SectionCard } from '@web/components/ui/section-card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { fieldErrorMapOf } from '@web/lib/form-errors';
import { useAdminPlans, useSaveAdminPlan } from '../api/settings';

function PlanEditor({ plan, onClose }: { plan: TAdminPlan | null; onClose: () => void }) {
  const [price, setPrice] = useState('');
  const [quota, setQuota] = useState('');
  const [description, setDescription] = useState('');
  const [features, setFeatures] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!plan) return;
    setPrice(plan.priceUsdCents === null ? '' : formatMinorAmount(plan.priceUsdCents));
    setQuota(String(plan.monthlyInquiryQuota));
    setDescription(plan.description);
    setFeatures(plan.features.join('\n'));
    setErrors({});
  }, [plan]);
  const save = useSaveAdminPlan(plan?.code ?? '', { successToast: `${plan?.name ?? 'Plan'} saved`, onSuccess: onClose });
  const onSave = () =>
    save.mutate(
      {
        ...(plan!.isFree ? {} : { priceUsd: price.trim() === '' ? null : price.trim() }),
        monthlyInquiryQuota: quota,
        description,
        features: features
          .split('\n')
          .map((f) => f.trim())
          .filter(Boolean),
      },
      { onError: (error) => setErrors(fieldErrorMapOf(error)) },
    );
  return (
    <Dialog open={!!plan} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {plan?.name}</DialogTitle>
          <DialogDescription>New prices apply from each subscriber&apos;s next renewal; quotas apply at once.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {plan?.isFree ? null : (
            <Field id="plan-price" label="Monthly price (USD)" error={errors.priceUsd} hint="Empty: priced by agreement">
              <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            </Field>
          )}
          <Field id="plan-quota" label="Credit reports per month" error={errors.monthlyInquiryQuota}>
            <Input type="number" value={quota} onChange={(e) => setQuota(e.target.value)} />
          </Field>
          <Field id="plan-description" label="Description" error={errors.description}>
            <Input value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <Field id="plan-features" label="Features (one per line)" error={errors.features}>
            <Textarea value={features} onChange={(e) => setFeatures(e.target.value)} rows={5} />
          </Field>
          <ErrorMessageAlert message={errors.form} />
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save plan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Plans, prices and quotas: what the server charges and the landing page shows. */
export function PlansPanel() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<TAdminPlan | null>(null);
  return (
    <SectionCard
      title="Plans, prices and quotas"
      description="The server charges these prices; the landing page and the payment dialog show them."
    >
      {!plans.data ? (
        <Skeleton className="h-32" />
      ) : (
        <Table caption="Plans">
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
              <TableHead>Price / month</TableHead>
              <TableHead>Reports / month</TableHead>
              <TableHead>Subscribers</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.data.plans.map((p) => (
              <TableRow key={p.code}>
                <TableCell>
                  <span className="font-medium">{p.name}</span>
                  <span className="block text-xs text-muted-foreground">{p.description}</span>
                </TableCell>
                <TableCell className="tabular-nums">
                  {p.isFree ? 'Free' : p.priceUsdCents === null ? 'By agreement' : formatUsdCents(p.priceUsdCents)}
                </TableCell>
                <TableCell className="tabular-nums">{p.monthlyInquiryQuota}</TableCell>
                <TableCell className="tabular-nums">{p.subscriberCount}</TableCell>
                <TableCell className="text-right">
                  <Button size="sm" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PlanEditor plan={editing} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}
