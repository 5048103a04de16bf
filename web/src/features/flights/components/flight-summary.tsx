import { Alert, Anchor, Badge, Card, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { DATE_TIME_FORMAT, formatDateTime, parseKeepingOffset } from '@/lib/time/date-time';
import { type FlightLeg, type Segment, type SegmentLoad, useLoadFactor } from '../api/flights';
import { LoadFactorBars } from './segment-display';

/** Local wall clock of an airport ("23.11.2026 10:00 UTC+03:00") from the server's local value with its offset. */
function localText(local: string): string {
  const moment = parseKeepingOffset(local);
  return `${moment.format(DATE_TIME_FORMAT)} UTC${moment.format('Z')}`;
}

const utcText = (instant: string) => `${formatDateTime(instant, { utc: true })} UTC`;

const amount = (value: number, unit: string) =>
  `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${unit}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The segment's legs with departure and arrival both in each airport's local time and in UTC. */
function LegsTable({ legs }: { legs: FlightLeg[] }) {
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs" data-testid="legs-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{t('flights.fields.route')}</Table.Th>
          <Table.Th>{t('flights.summary.stdLocal')}</Table.Th>
          <Table.Th>{t('flights.summary.stdUtc')}</Table.Th>
          <Table.Th>{t('flights.summary.staLocal')}</Table.Th>
          <Table.Th>{t('flights.summary.staUtc')}</Table.Th>
          <Table.Th>{t('flights.fields.aircraft')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {legs.map((leg) => (
          <Table.Tr key={leg.id}>
            <Table.Td>{leg.sequence}</Table.Td>
            <Table.Td>
              {leg.origin} – {leg.destination}{' '}
              {leg.canceled && (
                <Badge color="red" size="xs">
                  {t('flights.states.canceled')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{localText(leg.std_local)}</Table.Td>
            <Table.Td>{utcText(leg.std)}</Table.Td>
            <Table.Td>{localText(leg.sta_local)}</Table.Td>
            <Table.Td>{utcText(leg.sta)}</Table.Td>
            <Table.Td>{[leg.aircraft_type, leg.aircraft_reg].filter(Boolean).join(' · ') || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Summary tab: legs, aircraft, capacity, sales window and the segment's attributes. */
export function FlightSummary({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const readsBookings = useCan('bookings:read');
  const { load } = segment;
  return (
    <Stack>
      <LegsTable legs={segment.legs} />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        <Field label={t('flights.fields.aircraft')}>
          {[segment.aircraft_type, segment.aircraft_reg].filter(Boolean).join(' · ') || '—'}
        </Field>
        <Field label={t('flights.fields.segment_type')}>{t(`flights.segmentTypes.${segment.segment_type}`)}</Field>
        <Field label={t('flights.load.capacity')}>
          {amount(load.capacity_weight, t('flights.units.kg'))} · {amount(load.capacity_volume, t('flights.units.m3'))}
        </Field>
        <Field label={t('flights.load.booked')}>
          {amount(load.booked_weight, t('flights.units.kg'))} · {amount(load.booked_volume, t('flights.units.m3'))}
          {readsBookings && (
            <Anchor component={Link} to={`/bookings?segment_id=${segment.id}`} size="xs" ml="xs">
              {t('bookings.ofFlight')}
            </Anchor>
          )}
        </Field>
        <Field label={t('flights.load.capacitySource')}>{t(`flights.capacitySources.${load.capacity_source}`)}</Field>
        <Field label={t('flights.fields.schedule_status')}>
          {t(`flights.scheduleStatuses.${segment.schedule_status}`, { defaultValue: segment.schedule_status })}
        </Field>
        <Field label={t('flights.fields.sales_open_at')}>
          {segment.sales_open_at ? <DateTimeText value={segment.sales_open_at} withZone /> : '—'}
        </Field>
        <Field label={t('flights.fields.sales_close_at')}>
          {segment.sales_close_at ? <DateTimeText value={segment.sales_close_at} withZone /> : '—'}
        </Field>
        <Field label={t('flights.fields.aci_required')}>
          {segment.aci_required ? t('flights.changeLog.yes') : t('flights.changeLog.no')}
        </Field>
        <Field label={t('flights.fields.notation')}>{segment.notation || '—'}</Field>
      </SimpleGrid>
    </Stack>
  );
}

function LoadTable({ load }: { load: SegmentLoad }) {
  const { t } = useTranslation();
  const rows: [string, number, number][] = [
    [t('flights.load.capacity'), load.capacity_weight, load.capacity_volume],
    [t('flights.load.estimated'), load.estimated_weight, load.estimated_volume],
    [t('flights.load.booked'), load.booked_weight, load.booked_volume],
    [t('flights.load.actual'), load.actual_weight, load.actual_volume],
  ];
  return (
    <Table verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('flights.load.weight')}</Table.Th>
          <Table.Th>{t('flights.load.volume')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, weight, volume]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td>{amount(weight, t('flights.units.kg'))}</Table.Td>
            <Table.Td>{amount(volume, t('flights.units.m3'))}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Load factor tab: estimated, booked and actual weight and volume of the segment and of each of its legs. */
export function FlightLoad({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const load = useLoadFactor(segment.id);
  if (load.isPending && load.fetchStatus !== 'idle') {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!load.data) {
    return (
      <Alert color="red" role="alert">
        {load.error ? errorMessage(load.error, t) : t('flights.errors.notFound')}
      </Alert>
    );
  }
  const legs = new Map(segment.legs.map((leg) => [leg.id, leg]));
  return (
    <Stack>
      <Card withBorder>
        <Title order={4} mb="xs">
          {segment.origin} – {segment.destination}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LoadTable load={load.data.segment} />
          <LoadFactorBars load={load.data.segment} label={`${segment.origin}-${segment.destination}`} />
        </SimpleGrid>
      </Card>
      {load.data.legs.length > 1 &&
        load.data.legs.map((legLoad) => {
          const leg = legs.get(legLoad.leg_id);
          const name = leg ? `${leg.origin} – ${leg.destination}` : String(legLoad.leg_id);
          return (
            <Card withBorder key={legLoad.leg_id}>
              <Title order={5} mb="xs">
                {t('flights.load.leg', { leg: name })}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <LoadTable load={legLoad} />
                <LoadFactorBars load={legLoad} label={name} />
              </SimpleGrid>
            </Card>
          );
        })}
    </Stack>
  );
}
