import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { TableUrlHandle } from '@/components/data-table/table-url-state';
import { DATE_FORMAT } from '@/lib/time/date-time';

/** The "effective on" date filter of the tariff lists, kept in the URL as YYYY-MM-DD. */
export function DateFilter({ table }: { table: TableUrlHandle }) {
  const { t } = useTranslation();
  return (
    <DateInput
      size="xs"
      clearable
      valueFormat={DATE_FORMAT}
      label={t('tariffs.filters.date')}
      value={table.state.filters.date ?? null}
      onChange={(value) => table.update({ filters: { date: value ?? '' } })}
    />
  );
}
