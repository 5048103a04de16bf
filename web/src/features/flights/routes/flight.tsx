import { Alert, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RecordLoader } from '@/components/feedback/record-loader';
import { useCan } from '@/lib/auth/permissions';
import { useProfile } from '@/lib/auth/profile';
import { FLIGHTS_PATH, type Segment, useSegment } from '../api/flights';
import { AllotmentsTab } from '../components/allotments-tab';
import { BookingRulesTab } from '../components/booking-rules-tab';
import { ChangeLog } from '../components/change-log';
import { FlightActions } from '../components/flight-actions';
import { FlightLoad, FlightSummary } from '../components/flight-summary';
import { AirportTime, SegmentRoute, SegmentStateBadges } from '../components/segment-display';
import { SegmentEditForm } from '../components/segment-edit-form';

/** Tabs of the seed's flight page whose operations need bookings and air waybills: they come with that capability. */
export const COMING_TABS = ['shipments', 'receiving', 'build_up', 'fbl', 'ffm', 'uws', 'aci', 'placi', 'csn'] as const;

const OWN_TABS = ['summary', 'edit', 'change_log', 'load_factor', 'allotments', 'booking_rules'] as const;
type FlightTabName = (typeof OWN_TABS)[number] | (typeof COMING_TABS)[number];

function FlightHeader({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  return (
    <Card withBorder mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{segment.number_with_date}</Title>
          <Text size="lg">
            <SegmentRoute segment={segment} />
          </Text>
          <Group gap="lg">
            <Text size="sm">
              {t('flights.fields.std')}: <AirportTime value={segment.std} timeZone={segment.origin_timezone} />
            </Text>
            <Text size="sm">
              {t('flights.fields.sta')}: <AirportTime value={segment.sta} timeZone={segment.destination_timezone} />
            </Text>
          </Group>
          <SegmentStateBadges segment={segment} />
        </Stack>
        <Button component={Link} to={FLIGHTS_PATH} variant="default" size="xs">
          {t('flights.backToList')}
        </Button>
      </Group>
      <Stack mt="sm" gap={0}>
        <FlightActions segment={segment} />
      </Stack>
    </Card>
  );
}

function FlightPage({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const canWrite = useCan('flights:write');
  const readsAllotments = useCan('allotments:read');
  const readsRules = useCan('booking_rules:read');
  const { data: profile } = useProfile();
  // The change log is the flying airline's and the platform's; a forwarder sees the flight, not its history.
  const readsLog = profile?.company_business_type === 'airline' || profile?.company_business_type === 'platform';
  const [params, setParams] = useSearchParams();
  const shown = (tab: (typeof OWN_TABS)[number]) =>
    (tab !== 'edit' || (canWrite && !segment.canceled)) &&
    (tab !== 'change_log' || readsLog) &&
    (tab !== 'allotments' || readsAllotments) &&
    (tab !== 'booking_rules' || readsRules);
  const tabs: FlightTabName[] = [...OWN_TABS.filter(shown), ...COMING_TABS];
  const asked = params.get('tab') as FlightTabName | null;
  const tab = asked && tabs.includes(asked) ? asked : 'summary';

  return (
    <>
      <FlightHeader segment={segment} />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(
            (current) => {
              const out = new URLSearchParams(current);
              if (next && next !== 'summary') out.set('tab', next);
              else out.delete('tab');
              return out;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`flights.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="summary">
          <FlightSummary segment={segment} />
        </Tabs.Panel>
        {tabs.includes('edit') && (
          <Tabs.Panel value="edit">
            <SegmentEditForm segment={segment} />
          </Tabs.Panel>
        )}
        {tabs.includes('change_log') && (
          <Tabs.Panel value="change_log">
            <ChangeLog segment={segment} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="load_factor">
          <FlightLoad segment={segment} />
        </Tabs.Panel>
        {tabs.includes('allotments') && (
          <Tabs.Panel value="allotments">
            <AllotmentsTab segment={segment} />
          </Tabs.Panel>
        )}
        {tabs.includes('booking_rules') && (
          <Tabs.Panel value="booking_rules">
            <BookingRulesTab segment={segment} />
          </Tabs.Panel>
        )}
        {COMING_TABS.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <Alert color="blue" variant="light" data-testid="coming-tab">
              {t('flights.comingTab', { tab: t(`flights.tabs.${name}`) })}
            </Alert>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/** `/flights/:id`: the segment's header and actions, then the tabs of the seed's flight page. */
export function FlightRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const segment = useSegment(id);
  return (
    <RecordLoader query={segment} notFound={t('flights.errors.notFound')}>
      {(record) => <FlightPage key={record.id} segment={record} />}
    </RecordLoader>
  );
}

/** `/flights/:id/edit`: the edit form on its own page; saving returns to the flight. */
export function FlightEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const segment = useSegment(id);
  return (
    <RecordLoader query={segment} notFound={t('flights.errors.notFound')}>
      {(record) => (
        <>
          <Group justify="space-between" mb="md">
            <Title order={2}>
              {t('routes.flightEdit')} {record.number_with_date}
            </Title>
            <Button component={Link} to={`/flights/${record.id}`} variant="default">
              {t('common.back')}
            </Button>
          </Group>
          {record.canceled ? (
            <Alert color="red">{t('flights.canceledNoEdit')}</Alert>
          ) : (
            <SegmentEditForm
              key={record.id}
              segment={record}
              onSaved={(saved) => void navigate(`/flights/${saved.id}`)}
            />
          )}
        </>
      )}
    </RecordLoader>
  );
}
