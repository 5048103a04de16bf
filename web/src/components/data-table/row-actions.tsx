import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Edit and delete buttons at the end of a settings row. */
export function RowActions({ editTo, onDelete }: { editTo: string; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs" wrap="nowrap">
      <Button component={Link} to={editTo} size="compact-xs" variant="light">
        {t('common.edit')}
      </Button>
      <Button size="compact-xs" variant="light" color="red" onClick={onDelete}>
        {t('common.delete')}
      </Button>
    </Group>
  );
}
