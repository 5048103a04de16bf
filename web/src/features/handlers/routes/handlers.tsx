import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { HANDLERS_PATH } from '../api/handlers';
import { HandlersTable } from '../components/handlers-table';

/** Settings / Handlers: the ground handlers the airline works with at its airports. */
export function HandlersRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('handlers:write');
  const { data: profile } = useProfile();
  return (
    <>
      <PageHeader
        title={t('routes.handlers')}
        actions={
          canEdit && (
            <Button component={Link} to={`${HANDLERS_PATH}/create`}>
              {t('handlers.create')}
            </Button>
          )
        }
      />
      <HandlersTable canEdit={canEdit} showAirline={profile?.company_business_type === 'platform'} />
    </>
  );
}
