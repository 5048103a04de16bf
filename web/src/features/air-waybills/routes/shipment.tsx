import type { AirWaybillRecord } from '@aircargo/contract/air-waybills';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { AIR_WAYBILLS_PATH, shipmentPath, useAirWaybill } from '../api/air-waybills';
import { useWaybillVoidRequests } from '../api/lifecycle';
import { AttachmentsPanel } from '../components/attachments-panel';
import { amountsText, StatusBadge } from '../components/format';
import { GoodsItemsUpload } from '../components/goods-items-upload';
import { AlertsPanel, ChangeLogPanel, HousesPanel, MovementsPanel, RatesPanel } from '../components/panels';
import { CargoSection, PartiesSection, RouteSection, SummarySection } from '../components/sections';
import { VoidRequestsTable } from '../components/void-requests';
import { WaybillActions } from '../components/waybill-actions';
import { WaybillOutgoingMessages } from '../components/waybill-telegrams';

export const DETAIL_TABS = [
  'summary',
  'parties',
  'cargo',
  'route',
  'rates',
  'houses',
  'movements',
  'attachments',
  'void_requests',
  'alerts',
  'change_log',
  'outgoing_messages',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The number from the route: `/shipments/:mawb`. */
export function useMawbParam(): string {
  return useParams().mawb ?? '';
}

/** Loads the waybill of the route and renders `children` with it (or the server's reason it is not there). */
export function WaybillLoader({ children }: { children: (waybill: AirWaybillRecord) => ReactNode }) {
  const { t } = useTranslation();
  const mawb = useMawbParam();
  const waybill = useAirWaybill(mawb);
  return (
    <RecordLoader query={waybill} notFound={t('validation.shipmentNotFound')}>
      {(record) => children(record)}
    </RecordLoader>
  );
}

/** The number, status, route and cargo of the waybill with links to its sub-pages. */
export function WaybillHeading({ waybill, actions }: { waybill: AirWaybillRecord; actions?: ReactNode }) {
  const { t } = useTranslation();
  const mawb = waybill.mawb;
  return (
    <Card withBorder mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{t('airWaybills.title', { mawb })}</Title>
            <StatusBadge waybill={waybill} />
            {waybill.postal && <Badge variant="outline">{t('airWaybills.flags.postal')}</Badge>}
            {waybill.warning && (
              <Badge color="orange" variant="filled">
                {t('airWaybills.flags.warning')}
              </Badge>
            )}
          </Group>
          <Text size="lg">
            {waybill.origin_iata} – {waybill.destination_iata} · {waybill.carrier}
          </Text>
          <Text size="sm" c="dimmed">
            {amountsText(waybill, t)}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={shipmentPath(mawb)} size="sm">
              {t('airWaybills.links.detail')}
            </Anchor>
            <Anchor component={Link} to={shipmentPath(mawb, 'fwb')} size="sm">
              {t('airWaybills.links.fwb')}
            </Anchor>
            <Anchor component={Link} to={shipmentPath(mawb, 'fhl')} size="sm">
              {t('airWaybills.links.fhl')}
            </Anchor>
            <Anchor component={Link} to={shipmentPath(mawb, 'billing')} size="sm">
              {t('airWaybills.links.billing')}
            </Anchor>
            <Anchor component={Link} to={shipmentPath(mawb, 'edit-booking')} size="sm">
              {t('airWaybills.links.bookings')}
            </Anchor>
          </Group>
        </Stack>
        <Button component={Link} to={AIR_WAYBILLS_PATH} variant="default" size="xs">
          {t('airWaybills.backToList')}
        </Button>
      </Group>
      {actions && <Stack mt="sm">{actions}</Stack>}
    </Card>
  );
}

function ShipmentPage({ waybill }: { waybill: AirWaybillRecord }) {
  const { t } = useTranslation();
  const requests = useWaybillVoidRequests(waybill.id);
  const openRequest = requests.data?.find((r) => r.status === 'requested') ?? null;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as DetailTab | null;
  const tab: DetailTab = asked && (DETAIL_TABS as readonly string[]).includes(asked) ? asked : 'summary';
  const open = (next: string | null) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next && next !== 'summary') out.set('tab', next);
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );

  return (
    <>
      <WaybillHeading waybill={waybill} actions={<WaybillActions waybill={waybill} openRequest={openRequest} />} />
      {openRequest && (
        <Alert color="yellow" mb="md" title={t('airWaybills.openRequest')}>
          {openRequest.request_reason}
        </Alert>
      )}
      <Tabs value={tab} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          {DETAIL_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {name === 'outgoing_messages' ? t('outgoingMessages.waybill.tab') : t(`airWaybills.detailTabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="summary">
          <SummarySection waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="parties">
          <PartiesSection waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="cargo">
          <CargoSection waybill={waybill} />
          <GoodsItemsUpload waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="route">
          <RouteSection waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="rates">
          <RatesPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="houses">
          <HousesPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="movements">
          <MovementsPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="attachments">
          <AttachmentsPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="void_requests">
          <VoidRequestsTable requests={requests.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="alerts">
          <AlertsPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="change_log">
          <ChangeLogPanel waybill={waybill} />
        </Tabs.Panel>
        <Tabs.Panel value="outgoing_messages">
          <WaybillOutgoingMessages waybill={waybill} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** `/shipments/:mawb`: the waybill, its actions and its sections as tabs (kept in the URL). */
export function ShipmentRoute() {
  return <WaybillLoader>{(waybill) => <ShipmentPage key={waybill.id} waybill={waybill} />}</WaybillLoader>;
}
