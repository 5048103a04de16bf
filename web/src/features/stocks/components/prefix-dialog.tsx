import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import {
  type AwbPrefixRecord,
  prefixCreateFormSchema,
  prefixUpdateFormSchema,
  useCompanyOptions,
  useCreatePrefix,
  useUpdatePrefix,
} from '../api/stocks';

const FIELDS = ['prefix', 'airline_id', 'description', 'active'] as const;

function CreatePrefixFields({ chooseAirline, onClose }: { chooseAirline: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePrefix();
  const airlines = useCompanyOptions('airline', chooseAirline);
  const form = useZodForm(prefixCreateFormSchema, {
    defaultValues: { prefix: '', description: '', active: true },
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (prefix) => {
        toast(t('stocks.prefixes.created', { prefix: prefix.prefix }));
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) toast(errorMessage(error, t), 'negative');
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {chooseAirline && (
          <SelectField
            control={form.control}
            name="airline_id"
            numeric
            searchable
            required
            label={t('stocks.fields.airline')}
            data={airlines}
          />
        )}
        <TextField control={form.control} name="prefix" label={t('stocks.fields.prefix')} maxLength={3} required />
        <TextField control={form.control} name="description" label={t('stocks.fields.description')} />
        <SwitchField control={form.control} name="active" label={t('stocks.fields.active')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditPrefixFields({ prefix, onClose }: { prefix: AwbPrefixRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePrefix(prefix.id);
  const form = useZodForm(prefixUpdateFormSchema, {
    defaultValues: { prefix: prefix.prefix, description: prefix.description ?? '', active: prefix.active },
  });
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast(t('stocks.prefixes.saved', { prefix: saved.prefix }));
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) toast(errorMessage(error, t), 'negative');
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextField
          control={form.control}
          name="prefix"
          label={t('stocks.fields.prefix')}
          description={prefix.ranges_count > 0 ? t('stocks.prefixes.digitsLocked') : undefined}
          disabled={prefix.ranges_count > 0}
          maxLength={3}
          required
        />
        <TextField control={form.control} name="description" label={t('stocks.fields.description')} />
        <SwitchField control={form.control} name="active" label={t('stocks.fields.active')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add an AWB prefix to an airline, or edit one (its digits only while no range uses it). */
export function PrefixDialog({
  prefix,
  chooseAirline,
  onClose,
}: {
  /** The prefix being edited, or null to add one. */
  prefix: AwbPrefixRecord | null;
  chooseAirline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={prefix ? t('stocks.prefixes.editTitle', { prefix: prefix.prefix }) : t('stocks.prefixes.createTitle')}
    >
      {prefix ? (
        <EditPrefixFields prefix={prefix} onClose={onClose} />
      ) : (
        <CreatePrefixFields chooseAirline={chooseAirline} onClose={onClose} />
      )}
    </Modal>
  );
}
