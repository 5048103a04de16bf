import { Alert, Badge, Center, Loader, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { type BookingRule, useFlightBookingRules } from '../api/allotments';
import type { Segment } from '../api/flights';

const ANSWER_COLORS: Record<BookingRule['response_status'], string> = { KK: 'teal', NN: 'yellow', UU: 'red' };

/** "10 – 80", "≥ 10", "≤ 80" or "any". */
function range(min: number | null, max: number | null, t: TFunction): string {
  if (min === null && max === null) return t('bookings.flightTabs.any');
  if (min === null) return `≤ ${max}`;
  if (max === null) return `≥ ${min}`;
  return `${min} – ${max}`;
}

/** Flight page, Booking rules tab: the rules that decide KK, NN or UU for a booking on this flight. */
export function BookingRulesTab({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const rules = useFlightBookingRules(segment);
  if (rules.error) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(rules.error, t)}
      </Alert>
    );
  }
  if (!rules.data) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (rules.data.length === 0) {
    return (
      <Text c="dimmed" ta="center">
        {t('bookings.flightTabs.rulesEmpty')}
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="flight-booking-rules">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.flightTabs.scope')}</Table.Th>
          <Table.Th>{t('bookings.fields.route')}</Table.Th>
          <Table.Th>{t('bookings.fields.shcs')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.loadPercent')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.weightRange')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.volumeRange')}</Table.Th>
          <Table.Th>{t('bookings.flightTabs.answer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rules.data.map((rule) => (
          <Table.Tr key={rule.id}>
            <Table.Td>
              {rule.segment_id === null ? t('bookings.flightTabs.wholeRoute') : t('bookings.flightTabs.thisFlight')}
            </Table.Td>
            <Table.Td>
              {rule.origin_iata ?? '*'} – {rule.destination_iata ?? '*'}
            </Table.Td>
            <Table.Td>{rule.shcs.join(' ') || t('bookings.flightTabs.any')}</Table.Td>
            <Table.Td>{range(rule.min_percent, rule.max_percent, t)}</Table.Td>
            <Table.Td>{range(rule.min_weight, rule.max_weight, t)}</Table.Td>
            <Table.Td>{range(rule.min_volume, rule.max_volume, t)}</Table.Td>
            <Table.Td>
              <Badge color={ANSWER_COLORS[rule.response_status]} variant="light">
                {rule.response_status} {t(`bookings.statuses.${rule.response_status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
