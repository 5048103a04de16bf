import { Alert, Card, Center, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { useAircraftCapacities, useAirlineCompanies } from '../api/flights';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/**
 * `/aircrafts/:aircraft`: an aircraft type with its description and the airline's cargo capacity for it. Airline staff
 * see their own airline's figures; the platform picks the airline (kept in the URL).
 */
export function AircraftRoute() {
  const { t } = useTranslation();
  const aircraft = (useParams().aircraft ?? '').toUpperCase();
  const { data: profile } = useProfile();
  const isPlatform = profile?.company_business_type === 'platform';
  const [params, setParams] = useSearchParams();
  const airlineId = Number(params.get('airline_id')) || null;
  const airlines = useAirlineCompanies(isPlatform);
  const capacities = useAircraftCapacities(airlineId, Boolean(profile) && (!isPlatform || airlineId !== null));
  const record = capacities.data?.find((item) => item.aircraft_type === aircraft);
  const amount = (value: number | null, unit: string) =>
    value === null ? t('flights.aircraft.notSet') : `${value.toLocaleString()} ${unit}`;

  return (
    <Stack>
      <Title order={2}>
        {t('routes.aircraft')} {aircraft}
      </Title>
      {isPlatform && (
        <Select
          w={320}
          searchable
          label={t('flights.aircraft.airline')}
          placeholder={t('flights.aircraft.pickAirline')}
          data={(airlines.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }))}
          value={airlineId ? String(airlineId) : null}
          onChange={(next) =>
            setParams((current) => {
              const out = new URLSearchParams(current);
              if (next) out.set('airline_id', next);
              else out.delete('airline_id');
              return out;
            })
          }
        />
      )}
      {capacities.isError && (
        <Alert color="red" role="alert">
          {errorMessage(capacities.error, t)}
        </Alert>
      )}
      {capacities.isPending && capacities.fetchStatus !== 'idle' && (
        <Center>
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      )}
      {capacities.data && !record && (
        <Alert color="yellow" role="alert">
          {t('flights.aircraft.unknown', { aircraft })}
        </Alert>
      )}
      {record && (
        <Card withBorder data-testid="aircraft-card">
          <Text mb="sm">{record.description ?? t('flights.aircraft.noDescription')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={t('flights.aircraft.type')} value={record.aircraft_type} />
            <Figure label={t('flights.capacity.weight')} value={amount(record.weight, t('flights.units.kg'))} />
            <Figure label={t('flights.capacity.volume')} value={amount(record.volume, t('flights.units.m3'))} />
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
