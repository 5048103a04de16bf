import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { type RecordKind, useConfirmAwareness } from '../api/tariffs';

/** A forwarder confirms it is aware of the selected records, or of every record new to its company. */
export function AwarenessActions({
  kind,
  selected,
  onDone,
}: {
  kind: RecordKind;
  selected: number[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmAwareness(kind);
  const run = (body: { ids: number[] } | { all: true }) =>
    confirm.mutate(body, {
      onSuccess: (result) => {
        toast(t('tariffs.awareness.confirmed', { count: result.marked }));
        onDone();
      },
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        disabled={selected.length === 0}
        loading={confirm.isPending}
        onClick={() => run({ ids: selected })}
      >
        {t('tariffs.awareness.selected', { count: selected.length })}
      </Button>
      <Button size="xs" variant="light" loading={confirm.isPending} onClick={() => run({ all: true })}>
        {t('tariffs.awareness.all')}
      </Button>
    </Group>
  );
}
