import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import { usePreferences } from '@/lib/preferences';
import { DATE_TIME_FORMAT, parseKeepingOffset } from '@/lib/time/date-time';
import type { Segment, SegmentLoad } from '../api/flights';

/** The stations a segment passes: origin, the via stops of a multi-leg segment, destination. */
export function routeStations(segment: Pick<Segment, 'origin' | 'destination' | 'legs'>): string[] {
  if (segment.legs.length <= 1) return [segment.origin, segment.destination];
  return [...segment.legs.map((leg) => leg.origin), segment.legs.at(-1)?.destination ?? segment.destination];
}

/** "SVO – NQZ – ALA". */
export function SegmentRoute({ segment }: { segment: Pick<Segment, 'origin' | 'destination' | 'legs'> }) {
  const { t } = useTranslation();
  const stations = routeStations(segment);
  const via = stations.slice(1, -1);
  return (
    <Text component="span" inherit>
      {stations.join(' – ')}
      {via.length > 0 && (
        <Text component="span" c="dimmed" size="xs" ml={4}>
          ({t('flights.via', { stations: via.join(', ') })})
        </Text>
      )}
    </Text>
  );
}

/**
 * A departure or arrival in the airport's local time or UTC (header switch), with the zone. The airport's local time
 * comes from its IANA zone or, for a via stop, from the local value the server gives with the airport's offset.
 */
export function AirportTime({
  value,
  timeZone,
  local,
}: {
  value: string | null;
  timeZone?: string | null;
  local?: string | null;
}) {
  const { utcTime } = usePreferences();
  if (!value) return <Text component="span">—</Text>;
  if (utcTime || timeZone || !local) return <DateTimeText value={value} timeZone={timeZone} withZone />;
  const moment = parseKeepingOffset(local);
  const offset = moment.format('Z');
  return (
    <Text component="span" inherit>
      <time dateTime={value}>{`${moment.format(DATE_TIME_FORMAT)} UTC${offset}`}</time>
    </Text>
  );
}

/** Sales closed, locked, cancelled and available as badges. */
export function SegmentStateBadges({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {segment.canceled && <Badge color="red">{t('flights.states.canceled')}</Badge>}
      {segment.sales_closed && <Badge color="orange">{t('flights.states.sales_closed')}</Badge>}
      {segment.locked && <Badge color="grape">{t('flights.states.locked')}</Badge>}
      {segment.available ? (
        <Badge color="teal">{t('flights.states.available')}</Badge>
      ) : (
        !segment.canceled && <Badge color="gray">{t('flights.states.unavailable')}</Badge>
      )}
    </Group>
  );
}

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value)}%`);

/** Load factor by weight and volume, "42% / 30%". */
export function LoadFactorText({ load }: { load: SegmentLoad }) {
  return (
    <Text component="span" inherit>
      {percent(load.load_factor_weight)} / {percent(load.load_factor_volume)}
    </Text>
  );
}

/** Load factor bars by weight and by volume. */
export function LoadFactorBars({ load, label }: { load: SegmentLoad; label?: string }) {
  const { t } = useTranslation();
  const bar = (value: number | null, name: string) => (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="xs">{name}</Text>
        <Text size="xs">{percent(value)}</Text>
      </Group>
      <Progress
        value={Math.min(value ?? 0, 100)}
        color={(value ?? 0) > 100 ? 'red' : 'blue'}
        aria-label={`${label ? `${label} ` : ''}${name}`}
      />
    </Stack>
  );
  return (
    <Stack gap="xs">
      {bar(load.load_factor_weight, t('flights.load.byWeight'))}
      {bar(load.load_factor_volume, t('flights.load.byVolume'))}
    </Stack>
  );
}
