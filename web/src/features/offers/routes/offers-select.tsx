import { ROUTE_SORTS } from '@aircargo/contract/route-search';
import { Alert, Anchor, Group, Loader, SegmentedControl, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/notify';
import { translateMessage } from '@/lib/validation/messages';
import {
  BOOKINGS_PATH,
  type Booking,
  type BookingRequest,
  type Route,
  type RouteSearchQuery,
  useAirportZones,
  useBook,
  useFlightRoutes,
  useTrips,
} from '../api/offers';
import { RoutesTable } from '../components/routes-table';
import { dimensionOf, SEARCH_DEFAULTS, SEARCH_FIELDS, SearchForm, searchFormSchema } from '../components/search-form';
import { SegmentsTable } from '../components/segments-table';
import { SelectedRoute } from '../components/selected-route';

type Sort = (typeof ROUTE_SORTS)[number];
type Search = Omit<RouteSearchQuery, 'sort' | 'explain'>;

const ANSWER_COLORS = { KK: 'teal', NN: 'yellow', UU: 'red', XX: 'gray' } as const;

function airportsOf(routes: Route[]): string[] {
  return routes.flatMap((r) => [r.origin, r.destination, ...r.segments.flatMap((s) => [s.origin, s.destination])]);
}

/**
 * /offers/select, the booking selection (seed 000): the forwarder searches routes for its cargo, sees why candidates
 * cannot be booked, selects a route and books it on the route's segments.
 */
export function OffersSelectRoute() {
  const { t } = useTranslation();
  const form = useZodForm(searchFormSchema, { defaultValues: SEARCH_DEFAULTS });
  const [search, setSearch] = useState<Search | null>(null);
  const [sort, setSort] = useState<Sort>('faster');
  const [carrier, setCarrier] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('routes');
  const [selected, setSelected] = useState<Route | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  const query = useMemo(() => (search ? { ...search, sort } : null), [search, sort]);
  const trips = useTrips(query);
  const flightRoutes = useFlightRoutes(query, tab === 'segments');
  const book = useBook();

  useEffect(() => {
    if (trips.error) applyServerErrors(trips.error, form.setError, SEARCH_FIELDS);
  }, [trips.error, form.setError]);

  const onSubmit = form.handleSubmit((values) => {
    const { pickup: _pickup, delivery: _delivery, commodity, shcs, dimensions, ...rest } = values;
    setSelected(null);
    setBooked(null);
    book.reset();
    const { direct_only, ...cargo } = rest;
    setSearch({
      ...cargo,
      direct_only: direct_only ? 'true' : 'false',
      ...(commodity ? { commodity } : {}),
      ...(shcs.length ? { shcs } : {}),
      ...(dimensions.length ? { dimensions } : {}),
    });
  });

  const result = trips.data;
  const carriers = useMemo(
    () => [...new Set([...(result?.routes ?? []), ...(result?.rejected ?? [])].flatMap((r) => r.carriers))].sort(),
    [result],
  );
  const byCarrier = (routes: Route[]) => (carrier ? routes.filter((r) => r.carriers.includes(carrier)) : routes);
  const routes = byCarrier(result?.routes ?? []);
  const rejected = byCarrier(result?.rejected ?? []);
  const alternatives = result?.alternatives ?? [];
  const zones = useAirportZones(
    useMemo(
      () =>
        [
          ...airportsOf(result?.routes ?? []),
          ...airportsOf(result?.rejected ?? []),
          ...airportsOf((result?.alternatives ?? []).map((a) => a.route)),
        ].sort(),
      [result],
    ),
  );

  const bookRoute = (route: Route, mawb: string | null = null) => {
    if (!search || !result) return;
    setSelected(route);
    setBooked(null);
    const body: BookingRequest = {
      segment_ids: route.segments.filter((s) => s.selected_for_booking).map((s) => s.segment_id),
      pieces: Number(search.pieces ?? 0),
      weight: result.query.weight,
      volume: result.query.volume,
      commodity: search.commodity ?? null,
      shcs: (search.shcs as string[] | undefined) ?? [],
      dimensions: ((search.dimensions as string[] | undefined) ?? []).map(dimensionOf),
      ...(mawb ? { mawb } : {}),
    };
    book.mutate(body, {
      onSuccess: (answer) => {
        setBooked(answer);
        toast(t(`offers.answers.${answer.response_status}`), answer.response_status === 'UU' ? 'negative' : 'positive');
      },
      onError: (error) => toast(errorMessage(error, t), 'negative'),
    });
  };

  return (
    <>
      <PageHeader title={t('routes.bookingSelection')} />
      <SearchForm form={form} onSubmit={onSubmit} searching={trips.isFetching} />
      {trips.isError && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(trips.error, t)}
        </Alert>
      )}
      {search && !trips.isError && (
        <Stack mt="lg" gap="sm">
          <Group justify="space-between">
            <Group>
              <SegmentedControl
                aria-label={t('offers.sort.label')}
                value={sort}
                onChange={(v) => setSort(v as Sort)}
                data={ROUTE_SORTS.map((s) => ({ value: s, label: t(`offers.sort.${s}`) }))}
              />
              <Select
                aria-label={t('offers.carrierFilter')}
                placeholder={t('offers.carrierFilter')}
                data={carriers}
                value={carrier}
                onChange={setCarrier}
                clearable
                w={180}
              />
            </Group>
            {trips.isFetching && <Loader size="sm" />}
          </Group>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="routes">{t('offers.tabs.routes')}</Tabs.Tab>
              <Tabs.Tab value="segments">{t('offers.tabs.segments')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="routes" pt="sm">
              {result && (
                <Stack gap="md">
                  {routes.length > 0 ? (
                    <RoutesTable
                      routes={routes}
                      zones={zones}
                      label={t('offers.tabs.routes')}
                      selectedKey={selected?.key ?? null}
                      onSelect={setSelected}
                      onBook={(route) => bookRoute(route)}
                      booking={book.isPending}
                    />
                  ) : (
                    <Text c="dimmed">{t('offers.nothingBookable')}</Text>
                  )}
                  {alternatives.length > 0 && (
                    <Stack gap="xs">
                      <Title order={4}>{t('offers.explain.alternatives')}</Title>
                      <Text size="sm" c="dimmed">
                        {[...new Set(alternatives.map((a) => t(`offers.alternativeKinds.${a.kind}`)))].join(', ')}
                      </Text>
                      <RoutesTable
                        routes={alternatives.map((a) => a.route)}
                        zones={zones}
                        label={t('offers.explain.alternatives')}
                        selectedKey={selected?.key ?? null}
                        onSelect={setSelected}
                        onBook={(route) => bookRoute(route)}
                        booking={book.isPending}
                      />
                    </Stack>
                  )}
                  {rejected.length > 0 && (
                    <Stack gap="xs">
                      <Title order={4}>{t('offers.explain.title')}</Title>
                      <RoutesTable
                        routes={rejected}
                        zones={zones}
                        label={t('offers.explain.title')}
                        selectedKey={selected?.key ?? null}
                        onSelect={setSelected}
                        explain
                      />
                    </Stack>
                  )}
                </Stack>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="segments" pt="sm">
              {flightRoutes.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(flightRoutes.error, t)}
                </Alert>
              )}
              {flightRoutes.isPending && flightRoutes.fetchStatus !== 'idle' && <Loader size="sm" />}
              {flightRoutes.data && (
                <SegmentsTable
                  segments={flightRoutes.data.data.filter((s) => !carrier || s.carrier === carrier)}
                  zones={zones}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
      {selected && (
        <SelectedRoute
          key={selected.key}
          route={selected}
          booking={book.isPending}
          onChange={() => {
            setSelected(null);
            setBooked(null);
            book.reset();
          }}
          onBook={(mawb) => bookRoute(selected, mawb)}
        />
      )}
      {book.isError && (
        <Alert color="red" role="alert" mt="sm" title={t('offers.bookingFailed')}>
          {errorMessage(book.error, t)}
        </Alert>
      )}
      {booked && (
        <Alert
          color={ANSWER_COLORS[booked.response_status]}
          mt="sm"
          title={t(`offers.answers.${booked.response_status}`)}
        >
          <Stack gap={4}>
            <Text size="sm">
              {t('offers.bookedSummary', {
                id: booked.id,
                flights: booked.segments.map((s) => s.number_with_date).join(', '),
                weight: booked.weight,
                volume: booked.volume,
              })}
            </Text>
            {booked.response_reason && <Text size="sm">{booked.response_reason}</Text>}
            {booked.warnings.map((w) => (
              <Text key={`${w.code}-${w.segment_id ?? ''}`} size="sm" c="orange">
                {translateMessage(w.message_key, t)}
              </Text>
            ))}
            <Anchor component={Link} to={BOOKINGS_PATH}>
              {t('offers.openBookings')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </>
  );
}
