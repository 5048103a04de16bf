import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { TARIFFS_PATH } from '../api/tariffs';
import { LIST_FILTER_KEYS } from '../components/list-filters';
import { PriceCheck } from '../components/price-check';
import { TariffsNav } from '../components/tariffs-nav';
import { TariffsTable } from '../components/tariffs-table';

/** Tariffs / External tariffs: the airline's tariffs (those a forwarder's agreements show), the price check below. */
export function TariffsRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('tariffs:write');
  const { data: profile } = useProfile();
  const table = useTableUrlState({ filterKeys: LIST_FILTER_KEYS, defaultSort: null });
  const filters = table.state.filters;
  return (
    <>
      <PageHeader
        title={t('routes.tariffs')}
        actions={
          canEdit && (
            <Button component={Link} to={`${TARIFFS_PATH}/create`}>
              {t('tariffs.create')}
            </Button>
          )
        }
      />
      <TariffsNav />
      <TariffsTable
        table={table}
        canEdit={canEdit}
        canConfirm={profile?.company_business_type === 'forwarder'}
        showAirline={profile?.company_business_type !== 'airline'}
        chooseAirline={profile?.company_business_type === 'platform'}
      />
      <PriceCheck
        key={`${filters.carrier ?? ''}-${filters.origin ?? ''}-${filters.destination ?? ''}`}
        defaults={{
          carrier:
            filters.carrier ?? (profile?.company_business_type === 'airline' ? (profile.airline_code ?? '') : ''),
          origin: filters.origin?.length === 3 ? filters.origin : undefined,
          destination: filters.destination?.length === 3 ? filters.destination : undefined,
          date: filters.date,
        }}
      />
    </>
  );
}
