import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlightRoutesResult } from '../api/offers';
import { AirportTime } from './airport-time';

type Leg = FlightRoutesResult['data'][number];

/** The segments tab: every flight the found routes use, with its capacity for this shipment. */
export function SegmentsTable({ segments, zones }: { segments: Leg[]; zones: Record<string, string> }) {
  const { t } = useTranslation();
  if (segments.length === 0) return <Text c="dimmed">{t('offers.nothingFound')}</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder aria-label={t('offers.tabs.segments')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('offers.columns.flight')}</Table.Th>
            <Table.Th>{t('offers.columns.leg')}</Table.Th>
            <Table.Th>{t('offers.columns.std')}</Table.Th>
            <Table.Th>{t('offers.columns.staLeg')}</Table.Th>
            <Table.Th>{t('offers.columns.aircraft')}</Table.Th>
            <Table.Th>{t('offers.columns.capacity')}</Table.Th>
            <Table.Th>{t('offers.columns.routes')}</Table.Th>
            <Table.Th>{t('offers.columns.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segments.map((s) => (
            <Table.Tr key={s.segment_id}>
              <Table.Td>{s.number_with_date}</Table.Td>
              <Table.Td>
                {s.origin} → {s.destination}
              </Table.Td>
              <Table.Td>
                <AirportTime value={s.std} timeZone={zones[s.origin]} />
              </Table.Td>
              <Table.Td>
                <AirportTime value={s.sta} timeZone={zones[s.destination]} />
              </Table.Td>
              <Table.Td>
                {s.aircraft_type ?? '—'}
                {s.freighter ? ` (${t('offers.freighter')})` : ''}
              </Table.Td>
              <Table.Td>
                {t('offers.capacityValue', { weight: s.available_weight, volume: s.available_volume })}
              </Table.Td>
              <Table.Td>{s.routes.length}</Table.Td>
              <Table.Td>
                <Badge color={s.available ? 'teal' : 'gray'} variant="light">
                  {s.available ? t('offers.bookable') : t('offers.notBookable')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
