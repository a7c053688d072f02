import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZUssdPinRequestSchema, type TUssdPinRequest } from '@shared/schemas/consumer/ussd';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useSetUssdPin } from './api/ussd-pin';

/** The consumer's USSD PIN (decisions/044), on their Settings page: four digits for the menu any phone can dial. */
export function UssdPinCard() {
  const { t } = useT('ussd');
  const form = useForm<TUssdPinRequest>({ resolver: zodResolver(ZUssdPinRequestSchema), defaultValues: { pin: '' } });
  const save = useSetUssdPin({
    successToast: t('pin.saved'),
    onSuccess: () => form.reset({ pin: '' }),
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: t('pin.notSaved'), description: errorMessageOf(error, t('pin.tryAgain')) });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('pin.title')}</h2>
        </CardTitle>
        <CardDescription>{t('pin.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <Field id="ussd-pin" label={t('pin.label')} error={form.formState.errors.pin?.message}>
            <Input type="password" inputMode="numeric" autoComplete="off" maxLength={4} className="w-32" {...form.register('pin')} />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('pin.saving') : t('pin.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
