import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "New" to the caller's company until it confirms awareness. */
export function NewBadge({ record }: { record: { is_new: boolean } }) {
  const { t } = useTranslation();
  return record.is_new ? <Badge color="orange">{t('tariffs.new')}</Badge> : null;
}
