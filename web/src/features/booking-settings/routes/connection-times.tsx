import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { CONNECTION_TIMES_PATH } from '../api/connection-times';
import { ConnectionTimesTable } from '../components/connection-times-table';

/** Settings / Connection times: the minimum connection times route search respects at each airport. */
export function ConnectionTimesRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('connection_times:write');
  const { data: profile } = useProfile();
  const platform = profile?.company_business_type === 'platform';
  return (
    <>
      <PageHeader
        title={t('routes.connectionTimes')}
        actions={
          canEdit && (
            <Button component={Link} to={`${CONNECTION_TIMES_PATH}/create`}>
              {t('bookingSettings.connectionTimes.create')}
            </Button>
          )
        }
      />
      <Text c="dimmed" mb="sm">
        {t('bookingSettings.connectionTimes.explain')}
      </Text>
      <ConnectionTimesTable canEdit={canEdit} ownAirlineId={platform ? null : (profile?.company_id ?? -1)} />
    </>
  );
}
