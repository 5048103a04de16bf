import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { assignFormSchema, useAssignRange, useCompanyOptions, useStockPrefixes } from '../api/stocks';

const FIELDS = ['prefix', 'airline_id', 'first_blank', 'last_blank', 'quantity', 'forwarder_id', 'location', 'bso'];

type Holder = 'forwarder' | 'location';

/**
 * Assign blanks of one of the airline's active prefixes to a forwarder or to a location: from the first blank to the
 * last, or a quantity of blanks from the first.
 */
export function AssignDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useAssignRange();
  const prefixes = useStockPrefixes();
  const forwarders = useCompanyOptions('forwarder');
  const [holder, setHolder] = useState<Holder>('forwarder');
  const active = (prefixes.data?.data ?? []).filter((p) => p.active);
  const form = useZodForm(assignFormSchema, {
    defaultValues: { prefix: '', first_blank: '', last_blank: '', bso: false },
  });
  const chosen = useWatch({ control: form.control, name: 'prefix' });

  const chooseHolder = (next: Holder) => {
    setHolder(next);
    form.setValue(next === 'forwarder' ? 'location' : 'forwarder_id', undefined);
  };

  const onSubmit = form.handleSubmit((values) => {
    // The prefix names its airline (prefixes are unique across airlines); the platform sends it, an airline's own is taken.
    const airline = active.find((p) => p.prefix === values.prefix)?.airline_id;
    assign.mutate(
      { ...values, ...(airline ? { airline_id: airline } : {}) },
      {
        onSuccess: (range) => {
          toast(t('stocks.assign.done', { first: range.first_number, last: range.last_number }));
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) toast(errorMessage(error, t), 'negative');
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('stocks.assign.title')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SelectField
            control={form.control}
            name="prefix"
            required
            label={t('stocks.fields.prefix')}
            data={active.map((p) => ({ value: p.prefix, label: `${p.prefix} — ${p.airline_short_name}` }))}
          />
          {active.length === 0 && !prefixes.isFetching && (
            <Text c="dimmed" size="sm">
              {t('stocks.assign.noPrefixes')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={form.control}
              name="first_blank"
              label={t('stocks.fields.first_blank')}
              description={t('stocks.assign.blankHint')}
              required
            />
            <TextField control={form.control} name="last_blank" label={t('stocks.fields.last_blank')} />
            <NumberField
              control={form.control}
              name="quantity"
              label={t('stocks.fields.quantity')}
              description={t('stocks.assign.quantityHint')}
              min={1}
              allowDecimal={false}
            />
          </SimpleGrid>
          <SegmentedControl
            value={holder}
            onChange={(value) => chooseHolder(value as Holder)}
            data={[
              { value: 'forwarder', label: t('stocks.assign.toForwarder') },
              { value: 'location', label: t('stocks.assign.toLocation') },
            ]}
          />
          {holder === 'forwarder' ? (
            <SelectField
              control={form.control}
              name="forwarder_id"
              numeric
              searchable
              required
              label={t('stocks.fields.forwarder')}
              data={forwarders}
            />
          ) : (
            <AirportField control={form.control} name="location" label={t('stocks.fields.location')} required />
          )}
          <SwitchField control={form.control} name="bso" label={t('stocks.fields.bso')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending} disabled={!chosen}>
              {t('stocks.assign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
