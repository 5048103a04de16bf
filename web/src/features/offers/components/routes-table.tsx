import { Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Route } from '../api/offers';
import { AirportTime } from './airport-time';
import { ReasonList } from './reasons';

export interface RoutesTableProps {
  routes: Route[];
  zones: Record<string, string>;
  label: string;
  selectedKey: string | null;
  onSelect: (route: Route) => void;
  /** Bookable routes: book at once from the row. */
  onBook?: (route: Route) => void;
  booking?: boolean;
  /** Candidates that cannot be booked: the "why" column. */
  explain?: boolean;
}

/** "SVO → KZN → ALA": the origin, the transit airports and the destination. */
export function routePath(route: Route): string {
  return [route.origin, ...route.transit_airports, route.destination].join(' → ');
}

/** Routes of the booking selection: carriers, path, times, flights, capacity, price; select or book a row. */
export function RoutesTable({
  routes,
  zones,
  label,
  selectedKey,
  onSelect,
  onBook,
  booking,
  explain,
}: RoutesTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('offers.columns.carrier')}</Table.Th>
            <Table.Th>{t('offers.columns.route')}</Table.Th>
            <Table.Th>{t('offers.columns.std')}</Table.Th>
            <Table.Th>{t('offers.columns.sta')}</Table.Th>
            <Table.Th>{t('offers.columns.transfers')}</Table.Th>
            <Table.Th>{t('offers.columns.flights')}</Table.Th>
            <Table.Th>{t('offers.columns.aircraft')}</Table.Th>
            <Table.Th>{t('offers.columns.capacity')}</Table.Th>
            <Table.Th>{t('offers.columns.price')}</Table.Th>
            <Table.Th>{t('offers.columns.currency')}</Table.Th>
            <Table.Th>{t('offers.columns.forbiddenShc')}</Table.Th>
            {explain && <Table.Th>{t('offers.explain.why')}</Table.Th>}
            <Table.Th>{t('offers.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((route) => (
            <Table.Tr
              key={route.key}
              data-route-key={route.key}
              bg={route.key === selectedKey ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>{route.carriers.join(', ')}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {routePath(route)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('offers.tripTime', route.trip_time)}
                </Text>
              </Table.Td>
              <Table.Td>
                <AirportTime value={route.std} timeZone={zones[route.origin]} />
              </Table.Td>
              <Table.Td>
                <AirportTime value={route.sta} timeZone={zones[route.destination]} />
              </Table.Td>
              <Table.Td>
                {route.transfers === 0
                  ? t('offers.direct')
                  : t('offers.transfersVia', { count: route.transfers, airports: route.transit_airports.join(', ') })}
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {route.segments.map((s) => (
                    <Text key={s.segment_id} size="sm">
                      {s.number_with_date}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>{[...new Set(route.segments.map((s) => s.aircraft_type ?? '—'))].join(', ')}</Table.Td>
              <Table.Td>
                {t('offers.capacityValue', { weight: route.available_weight, volume: route.available_volume })}
              </Table.Td>
              <Table.Td>{route.cost ?? t('offers.noPrice')}</Table.Td>
              <Table.Td>{route.currency ?? ''}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {route.forbidden_shc.map((code) => (
                    <Badge key={code} color="red" variant="light" size="sm">
                      {code}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              {explain && (
                <Table.Td>
                  <ReasonList route={route} />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('offers.offersLater')}>
                    <Button
                      size="compact-sm"
                      variant="default"
                      data-disabled
                      aria-disabled
                      onClick={(event) => event.preventDefault()}
                    >
                      {t('offers.actions.offer')}
                    </Button>
                  </Tooltip>
                  <Button size="compact-sm" variant="light" onClick={() => onSelect(route)}>
                    {t('offers.actions.select')}
                  </Button>
                  {onBook && (
                    <Button size="compact-sm" loading={booking} onClick={() => onBook(route)}>
                      {t('offers.actions.book')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
