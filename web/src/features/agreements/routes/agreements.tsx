import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { AgreementsTable } from '../components/agreements-table';

/** Agreements where the airline is the supplier (all agreements for the platform). */
export function AgreementsRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('agreements:create');
  const canUpdate = useCan('agreements:update');
  return (
    <>
      <PageHeader
        title={t('routes.agreements')}
        actions={
          canCreate && (
            <Button component={Link} to="/settings/agreements/create">
              {t('agreements.create')}
            </Button>
          )
        }
      />
      <AgreementsTable source="agreements" editBase={canUpdate ? '/settings/agreements' : null} />
    </>
  );
}
