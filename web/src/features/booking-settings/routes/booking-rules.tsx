import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { BOOKING_RULES_PATH } from '../api/booking-rules';
import { BookingRulesTable } from '../components/booking-rules-table';
import { CheckRulesButton } from '../components/check-rules-dialog';

/** Settings / Booking rules: the answers (KK, NN, UU) the airline's rules give bookings, and the check dialog. */
export function BookingRulesRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('booking_rules:write');
  return (
    <>
      <PageHeader
        title={t('routes.bookingRules')}
        actions={
          <Group gap="xs">
            <CheckRulesButton />
            {canEdit && (
              <Button component={Link} to={`${BOOKING_RULES_PATH}/create`}>
                {t('bookingSettings.bookingRules.create')}
              </Button>
            )}
          </Group>
        }
      />
      <BookingRulesTable canEdit={canEdit} />
    </>
  );
}
