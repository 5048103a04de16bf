import { Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { usePreferences } from '@/lib/preferences';
import { formatDateTime, zoneLabel } from '@/lib/time/date-time';

/** Current time in UTC or local time, following the header toggle. */
export function HeaderClock() {
  const { utcTime } = usePreferences();
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), 15_000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  const display = { utc: utcTime };
  return (
    <Text size="sm" ff="monospace" visibleFrom="md" data-testid="header-clock">
      {formatDateTime(now, display, 'HH:mm')} {zoneLabel(now, display)}
    </Text>
  );
}
