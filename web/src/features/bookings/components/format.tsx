import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/date-time/date-time-text';
import type { Booking, BookingSegment } from '../api/bookings';

const STATUS_COLORS: Record<Booking['response_status'], string> = { KK: 'teal', NN: 'yellow', UU: 'red', XX: 'gray' };

/** An answer code (KK, NN, UU, XX) with its meaning on hover. */
export function StatusBadge({ status }: { status: Booking['response_status'] }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`bookings.statuses.${status}`)}>
      <Badge color={STATUS_COLORS[status]} variant="light" aria-label={`${status} ${t(`bookings.statuses.${status}`)}`}>
        {status}
      </Badge>
    </Tooltip>
  );
}

export const amount = (value: number, unit: string) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 3 }).replace(/,/g, ' ')} ${unit}`;

export const weightText = (value: number, t: TFunction) => amount(value, t('bookings.units.kg'));
export const volumeText = (value: number, t: TFunction) => amount(value, t('bookings.units.m3'));

/** Origin, transit airports and destination of the booking's segments: "ALA – NQZ – SVO". */
export function routeText(booking: Pick<Booking, 'origin' | 'destination' | 'segments'>): string {
  const points = [booking.origin, ...booking.segments.slice(0, -1).map((s) => s.destination), booking.destination];
  return points.join(' – ');
}

/** The flights of a booking, one per line, with the departure in the header's time mode. */
export function SegmentsText({ segments }: { segments: BookingSegment[] }) {
  return (
    <Stack gap={0}>
      {segments.map((segment) => (
        <Group key={segment.segment_id} gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {segment.number_with_date}
          </Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={segment.std} />
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
