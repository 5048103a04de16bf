import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type StockRange, useWithdrawRange, withdrawFormSchema } from '../api/stocks';

/** Give back the unused numbers at the end of a range: all of them, or the last `quantity`. */
export function WithdrawDialog({ range, onClose }: { range: StockRange; onClose: () => void }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawRange();
  const form = useZodForm(withdrawFormSchema, { defaultValues: { range_id: range.id } });
  const onSubmit = form.handleSubmit((values) =>
    withdraw.mutate(values, {
      onSuccess: (result) => {
        toast(
          result.withdrawn > 0
            ? t('stocks.withdraw.done', { count: result.withdrawn, first: result.first_blank, last: result.last_blank })
            : t('stocks.withdraw.nothing'),
        );
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['quantity'])) toast(errorMessage(error, t), 'negative');
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('stocks.withdraw.title', { first: range.first_number })}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            {t('stocks.withdraw.explain', {
              first: range.first_number,
              last: range.last_number,
              free: range.free_count,
            })}
          </Text>
          <NumberField
            control={form.control}
            name="quantity"
            label={t('stocks.fields.quantity')}
            description={t('stocks.withdraw.quantityHint')}
            min={1}
            max={range.free_count}
            allowDecimal={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" color="red" loading={withdraw.isPending}>
              {t('stocks.withdraw.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
