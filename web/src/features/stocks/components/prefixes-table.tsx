import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { type AwbPrefixRecord, useStockPrefixes } from '../api/stocks';

/** The AWB prefixes of the airlines whose stock the caller sees, with their ranges and free numbers. */
export function PrefixesTable({
  showAirline,
  onEdit,
}: {
  showAirline: boolean;
  /** Offered when the caller may change prefixes. */
  onEdit?: (prefix: AwbPrefixRecord) => void;
}) {
  const { t } = useTranslation();
  const prefixes = useStockPrefixes();
  const rows = prefixes.data?.data ?? [];
  if (prefixes.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(prefixes.error, t)}
      </Alert>
    );
  }
  return (
    <Table striped verticalSpacing="xs" aria-busy={prefixes.isFetching}>
      <Table.Caption>{t('stocks.prefixes.title')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stocks.fields.prefix')}</Table.Th>
          {showAirline && <Table.Th>{t('stocks.fields.airline')}</Table.Th>}
          <Table.Th>{t('stocks.fields.description')}</Table.Th>
          <Table.Th>{t('stocks.fields.status')}</Table.Th>
          <Table.Th>{t('stocks.fields.ranges')}</Table.Th>
          <Table.Th>{t('stocks.fields.free')}</Table.Th>
          {onEdit && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && !prefixes.isFetching && (
          <Table.Tr>
            <Table.Td colSpan={7}>
              <Text c="dimmed" size="sm">
                {t('stocks.prefixes.none')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((prefix) => (
          <Table.Tr key={prefix.id}>
            <Table.Td>{prefix.prefix}</Table.Td>
            {showAirline && <Table.Td>{prefix.airline_short_name}</Table.Td>}
            <Table.Td>{prefix.description ?? ''}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={prefix.active ? 'green' : 'gray'}>
                {prefix.active ? t('stocks.prefixes.active') : t('stocks.prefixes.inactive')}
              </Badge>
            </Table.Td>
            <Table.Td>{prefix.ranges_count}</Table.Td>
            <Table.Td>{prefix.free_count}</Table.Td>
            {onEdit && (
              <Table.Td>
                <Button size="compact-xs" variant="light" onClick={() => onEdit(prefix)}>
                  {t('common.edit')}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
