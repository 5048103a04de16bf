import { Text } from '@mantine/core';
import { DateTimeText } from '@/components/date-time/date-time-text';

/** A departure or arrival in the airport's local time or UTC (the header switch), with its zone. */
export function AirportTime({ value, timeZone }: { value: string | null; timeZone?: string | null }) {
  if (!value) return <Text component="span">—</Text>;
  return <DateTimeText value={value} timeZone={timeZone} withZone />;
}
