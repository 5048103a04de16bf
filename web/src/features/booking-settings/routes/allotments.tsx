import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { ALLOTMENTS_PATH } from '../api/allotments';
import { AllotmentsTable } from '../components/allotments-table';
import { AllotmentsUpload } from '../components/allotments-upload';

/** Settings / Allotments: capacity the airline reserves for forwarders on a flight or a route. */
export function AllotmentsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('allotments:write');
  return (
    <>
      <PageHeader
        title={t('routes.allotments')}
        actions={
          canEdit && (
            <Button component={Link} to={`${ALLOTMENTS_PATH}/create`}>
              {t('bookingSettings.allotments.create')}
            </Button>
          )
        }
      />
      {canEdit && <AllotmentsUpload />}
      <AllotmentsTable canEdit={canEdit} />
    </>
  );
}
