import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { ReportMenu } from '../components/report-menu';
import { WaybillList } from '../components/waybill-list';

/** "New air waybill" where the route's gate lets the user in (the create permission; airline su only). */
function CreateButton() {
  const { t } = useTranslation();
  const canCreate = useCan('air_waybills:create');
  if (!canCreate) return null;
  return (
    <Button component={Link} to="/air-waybills/create">
      {t('routes.airWaybillCreate')}
    </Button>
  );
}

/** A forwarder sees its own waybills: the forwarder column is for airlines and the platform. */
function useShowsForwarder(): boolean {
  const { data: profile } = useProfile();
  return profile?.company_business_type !== 'forwarder';
}

/** `/air-waybills`: the new list, every column of the seed, pages by cursor. */
export function AirWaybillsRoute() {
  const { t } = useTranslation();
  const showForwarder = useShowsForwarder();
  return (
    <>
      <PageHeader
        title={t('routes.airWaybills')}
        actions={
          <>
            <ReportMenu />
            <CreateButton />
          </>
        }
      />
      <WaybillList kind="list" showForwarder={showForwarder} />
    </>
  );
}

/** `/shipments`: the older list of the same waybills in its compact layout, "load more" at the end. */
export function ShipmentsRoute() {
  const { t } = useTranslation();
  const showForwarder = useShowsForwarder();
  const { data: profile } = useProfile();
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title={t('routes.shipments')}
        actions={
          <>
            {profile?.has_access_to_new_air_waybills_page && (
              <Button variant="default" component={Link} to={`/air-waybills${search}`}>
                {t('airWaybills.list.newList')}
              </Button>
            )}
            <CreateButton />
          </>
        }
      />
      <WaybillList kind="list" compact showForwarder={showForwarder} />
    </>
  );
}

/** `/agent/air-waybills`: the platform's staging list across companies. */
export function AgentAirWaybillsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.agentAirWaybills')} />
      <WaybillList kind="agent" showForwarder />
    </>
  );
}
