import { FLIGHT_TABS } from '@aircargo/contract/flights';
import { Button, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCan } from '@/lib/auth/permissions';
import { type Access, canAccess } from '@/lib/gating/access';
import { ACCESS } from '@/lib/gating/route-access';
import { useGateContext } from '@/lib/gating/use-gate-context';
import { FlightsTable, type FlightTab } from '../components/flights-table';

/** Each tab's own gate on top of the list's (seed 000 section 6), as the route table gives it. */
const TAB_ACCESS: Record<FlightTab, Access> = {
  current: undefined,
  action_required: ACCESS.flightsAirlineTabs,
  with_shipments: ACCESS.flightsAirlineTabs,
  aci: ACCESS.flightsAci,
  all: undefined,
};

const TAB_TITLES: Record<FlightTab, string> = {
  current: 'flightsCurrent',
  action_required: 'flightsActionRequired',
  with_shipments: 'flightsWithShipments',
  aci: 'flightsAci',
  all: 'flightsAll',
};

/** The flights list: the tabs the user may open, the filters kept when switching tabs, and the table of the tab. */
function FlightsPage({ tab }: { tab: FlightTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ctx = useGateContext();
  const canCreate = useCan('flights:write');
  const tabs = FLIGHT_TABS.filter((name) => canAccess(TAB_ACCESS[name], ctx));

  const open = (next: string | null) => {
    if (!next || next === tab) return;
    const params = new URLSearchParams(search);
    params.delete('cursor');
    const query = params.toString();
    void navigate(`/flights/tabs/${next}${query ? `?${query}` : ''}`);
  };

  return (
    <>
      <PageHeader
        title={t('routes.flights')}
        actions={
          canCreate && (
            <Button component={Link} to="/flights/create">
              {t('flights.create')}
            </Button>
          )
        }
      />
      <Tabs value={tab} onChange={open} mb="md">
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`routes.${TAB_TITLES[name]}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FlightsTable key={tab} tab={tab} />
    </>
  );
}

export const FlightsCurrentRoute = () => <FlightsPage tab="current" />;
export const FlightsActionRequiredRoute = () => <FlightsPage tab="action_required" />;
export const FlightsWithShipmentsRoute = () => <FlightsPage tab="with_shipments" />;
export const FlightsAciRoute = () => <FlightsPage tab="aci" />;
export const FlightsAllRoute = () => <FlightsPage tab="all" />;
