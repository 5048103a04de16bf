import { Alert, Badge, Center, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { useFlightAllotments } from '../api/allotments';
import type { Segment } from '../api/flights';

const amount = (value: number, unit: string) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 3 }).replace(/,/g, ' ')} ${unit}`;

/** Flight page, Allotments tab: capacity reserved for forwarders on this flight or on its whole route. */
export function AllotmentsTab({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const allotments = useFlightAllotments(segment);
  if (allotments.error) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(allotments.error, t)}
      </Alert>
    );
  }
  if (!allotments.data) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (allotments.data.length === 0) {
    return (
      <Text c="dimmed" ta="center">
        {t('bookings.flightTabs.allotmentsEmpty')}
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="flight-allotments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.fields.forwarder')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.scope')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.type')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.weight')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.volume')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.timelimit')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.validUntil')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {allotments.data.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{a.forwarder_short_name}</Table.Td>
            <Table.Td>
              {a.segment_id === null ? t('bookings.flightTabs.wholeRoute') : t('bookings.flightTabs.thisFlight')}
            </Table.Td>
            <Table.Td>
              {t(`bookings.flightTabs.types.${a.type}`)}{' '}
              {a.postal && (
                <Badge size="xs" variant="light">
                  {t('bookings.flightTabs.postal')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{amount(a.weight, t('bookings.units.kg'))}</Table.Td>
            <Table.Td>{amount(a.volume, t('bookings.units.m3'))}</Table.Td>
            <Table.Td>
              {a.timelimit_to_std === 0
                ? t('bookings.flightTabs.fullBlock')
                : t('bookings.flightTabs.timelimitHours', { hours: a.timelimit_to_std })}
            </Table.Td>
            <Table.Td>{a.valid_until ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
