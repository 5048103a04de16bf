import { Text, type TextProps } from '@mantine/core';
import { usePreferences } from '@/lib/preferences';
import { DATE_TIME_FORMAT, formatDateTime, zoneLabel } from '@/lib/time/date-time';

export interface DateTimeTextProps extends TextProps {
  value: string | number | Date | null | undefined;
  /** IANA zone of the airport the time belongs to. */
  timeZone?: string | null;
  format?: string;
  /** Append "UTC" or the local offset. */
  withZone?: boolean;
}

/** A date-time shown in UTC or local time, following the header toggle. */
export function DateTimeText({
  value,
  timeZone,
  format = DATE_TIME_FORMAT,
  withZone = false,
  ...props
}: DateTimeTextProps) {
  const { utcTime } = usePreferences();
  const display = { utc: utcTime, timeZone };
  const text = formatDateTime(value, display, format);
  if (!text) return null;
  return (
    <Text component="span" inherit {...props}>
      <time dateTime={typeof value === 'string' ? value : undefined}>
        {text}
        {withZone && value !== null && value !== undefined ? ` ${zoneLabel(value, display)}` : ''}
      </time>
    </Text>
  );
}
