import { Alert, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { emptySurchargeForm, surchargeBody, surchargeFormSchema, surchargeFormValues } from '../api/forms';
import { type Surcharge, useCreateSurcharge, useUpdateSurcharge } from '../api/tariffs';
import { showServerErrors } from './server-errors';
import type { AnyControl } from './shared-fields';
import { SURCHARGE_FIELD_NAMES, SurchargeFields } from './surcharge-fields';

/**
 * The surcharge form (seed 000 gives surcharges a list only, so create and edit open over it): a new surcharge when
 * `surcharge` is null, else that one.
 */
export function SurchargeDialog({ surcharge, onClose }: { surcharge: Surcharge | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const create = useCreateSurcharge();
  const update = useUpdateSurcharge(surcharge?.id ?? 0);
  const form = useZodForm(surchargeFormSchema, {
    defaultValues: surcharge ? surchargeFormValues(surcharge) : emptySurchargeForm(),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = surchargeBody(values);
    try {
      if (surcharge) {
        const { airline_id: _, ...changes } = body;
        await update.mutateAsync(changes);
      } else {
        await create.mutateAsync(body);
      }
      toast(t(surcharge ? 'tariffs.saved.surcharges' : 'tariffs.created.surcharges'));
      onClose();
    } catch (error) {
      if (!showServerErrors(error, form.setError, SURCHARGE_FIELD_NAMES)) {
        setFailure(errorMessage(error, t, { NotFound: t('validation.surchargeNotFound') }));
      }
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        surcharge ? t('tariffs.editSurcharge', { code: surcharge.code ?? surcharge.id }) : t('tariffs.createSurcharge')
      }
    >
      <form onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert color="red" role="alert" mb="md">
            {failure}
          </Alert>
        )}
        <SurchargeFields
          control={form.control as unknown as AnyControl}
          chooseAirline={!surcharge && profile?.company_business_type === 'platform'}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {surcharge ? t('common.save') : t('common.create')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
