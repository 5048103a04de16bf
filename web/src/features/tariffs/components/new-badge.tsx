import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "New" to the caller's company until it confirms awareness. */
export function NewBadge({ record }: { record: { is_new: boolean } }) {
  const { t } = useTranslation();
  // The label keeps its width in a narrow column (a badge's label clips by default).
  return record.is_new ? (
    <Badge color="orange" styles={{ label: { overflow: 'visible' } }}>
      {t('tariffs.new')}
    </Badge>
  ) : null;
}
