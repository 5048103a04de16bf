import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/validation/messages';
import type { BookingWarning } from '../api/bookings';

/** The booking's warnings (seed 001 section 8), each in the reader's language. */
export function BookingWarnings({ warnings }: { warnings: BookingWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('bookings.warningsTitle')} data-testid="booking-warnings">
      <List size="sm">
        {warnings.map((warning) => (
          <List.Item key={`${warning.code}-${warning.segment_id ?? ''}`}>
            {translateMessage(warning.message_key, t)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
