import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useProfile } from '@/lib/auth/profile';
import { PERMITTED_ROUTES_PATH } from '../api/permitted-routes';
import { PermittedRoutesTable } from '../components/permitted-routes-table';

/** Settings / Permitted routes: once an airline has one, its legs join only into routes its table permits. */
export function PermittedRoutesRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <>
      <PageHeader
        title={t('routes.permittedRoutes')}
        actions={
          <Button component={Link} to={`${PERMITTED_ROUTES_PATH}/create`}>
            {t('bookingSettings.permittedRoutes.create')}
          </Button>
        }
      />
      <Text c="dimmed" mb="sm">
        {t('bookingSettings.permittedRoutes.explain')}
      </Text>
      <PermittedRoutesTable showAirline={profile?.company_business_type === 'platform'} />
    </>
  );
}
