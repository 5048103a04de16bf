import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableUrlHandle } from '@/components/data-table/table-url-state';
import { useCompanyOptions } from '../api/companies';

/** The platform's choice of airline for the lists (and the airline an XLSX upload is for). */
export function AirlineFilter({ table }: { table: TableUrlHandle }) {
  const { t } = useTranslation();
  const airlines = useCompanyOptions('airline');
  return (
    <Select
      size="xs"
      clearable
      searchable
      label={t('tariffs.fields.airline')}
      data={airlines}
      value={table.state.filters.airline_id ?? null}
      onChange={(value) => table.update({ filters: { airline_id: value ?? '' } })}
    />
  );
}
