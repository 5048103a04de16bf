import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { type RecordFormOf, type RecordKind, type RecordOf, recordFormSchemas, useSaveRecord } from '../api/capacities';
import { FIELD_NAMES, RecordFields, type RecordFieldsControl } from './record-fields';

/** What the form starts with: the record's values when editing, empty fields when creating. */
function defaultsOf(kind: RecordKind, record: RecordOf[RecordKind] | null): Record<string, unknown> {
  if (!record) {
    const empty: Record<string, unknown> = { origin: '', destination: '' };
    if (kind === 'segmentPayloads') empty.reg_numbers = [];
    return empty;
  }
  const { id: _id, airline_id: _airline, ...rest } = record as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([key]) => FIELD_NAMES[kind].includes(key)));
}

/** Create or edit form of a record of the kind; calls `onSaved` after the server accepted it. */
export function RecordForm<K extends RecordKind>({
  kind,
  record,
  onSaved,
  cancel,
}: {
  kind: K;
  record: RecordOf[K] | null;
  onSaved: () => void;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const save = useSaveRecord(kind, record?.id ?? null);
  const form = useZodForm(recordFormSchemas[kind], {
    defaultValues: defaultsOf(kind, record) as never,
  });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values as RecordFormOf[K], {
      onSuccess: () => {
        toast(t('capacities.saved'));
        onSaved();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELD_NAMES[kind])) {
          toast(errorMessage(error, t), 'negative');
        }
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <RecordFields
          kind={kind}
          control={form.control as unknown as RecordFieldsControl}
          chooseAirline={record === null && profile?.company_business_type === 'platform'}
        />
        <Group justify="flex-end">
          {cancel}
          <Button type="submit" loading={save.isPending}>
            {record ? t('common.save') : t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
