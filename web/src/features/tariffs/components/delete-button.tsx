import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type RecordKind, useDeleteRecord } from '../api/tariffs';

const NOT_FOUND = { tariffs: 'tariffNotFound', charges: 'chargeNotFound', surcharges: 'surchargeNotFound' } as const;

/** Deletes a tariff, charge or surcharge after the confirmation dialog. */
export function DeleteButton({ kind, id, name }: { kind: RecordKind; id: number; name: string }) {
  const { t } = useTranslation();
  const remove = useDeleteRecord(kind);
  const onDelete = async () => {
    if (!(await confirmAction({ message: t(`tariffs.confirmDelete.${kind}`, { name }), danger: true }))) return;
    remove.mutate(id, {
      onSuccess: () => toast(t(`tariffs.deleted.${kind}`)),
      onError: (error) => toast(errorMessage(error, t, { NotFound: t(`validation.${NOT_FOUND[kind]}`) }), 'negative'),
    });
  };
  return (
    <Button size="compact-xs" variant="light" color="red" loading={remove.isPending} onClick={() => void onDelete()}>
      {t('common.delete')}
    </Button>
  );
}
