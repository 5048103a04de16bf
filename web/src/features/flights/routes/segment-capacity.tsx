import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '@/components/dialogs/confirm';
import { RecordLoader } from '@/components/feedback/record-loader';
import { NumberField } from '@/components/form/number-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useCan } from '@/lib/auth/permissions';
import { toast } from '@/lib/notify';
import {
  type SegmentCapacity,
  segmentCapacityFormSchema,
  useSegment,
  useSegmentCapacity,
  useUpdateSegmentCapacity,
} from '../api/flights';
import { LoadFactorBars, SegmentRoute } from '../components/segment-display';

const FIELDS = ['weight', 'volume'];

function CapacityForm({ segmentId, capacity }: { segmentId: number; capacity: SegmentCapacity }) {
  const { t } = useTranslation();
  const canWrite = useCan('capacities:write');
  const update = useUpdateSegmentCapacity(segmentId);
  const form = useZodForm(segmentCapacityFormSchema, {
    defaultValues: { weight: capacity.weight, volume: capacity.volume },
  });

  const save = (body: { weight: number | null; volume: number | null }, done: string) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        toast(done);
        form.reset({ weight: saved.weight, volume: saved.volume });
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) {
          toast(errorMessage(error, t, { NotFound: t('flights.errors.notFound') }), 'negative');
        }
      },
    });

  const onSubmit = form.handleSubmit((values) => save(values, t('flights.capacity.saved')));
  const clear = async () => {
    if (await confirmAction({ message: t('flights.capacity.confirmClear') })) {
      save({ weight: null, volume: null }, t('flights.capacity.cleared'));
    }
  };
  const overridden = capacity.weight !== null || capacity.volume !== null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card withBorder>
        <Title order={4} mb="xs">
          {t('flights.capacity.override')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {overridden ? t('flights.capacity.overridden') : t('flights.capacity.computed')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            control={form.control}
            name="weight"
            label={t('flights.capacity.weight')}
            min={0}
            max={500_000}
            disabled={!canWrite}
          />
          <NumberField
            control={form.control}
            name="volume"
            label={t('flights.capacity.volume')}
            min={0}
            max={2_000}
            decimalScale={3}
            disabled={!canWrite}
          />
        </SimpleGrid>
        {canWrite && (
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => void clear()} disabled={!overridden || update.isPending}>
              {t('flights.capacity.clear')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Card>
    </form>
  );
}

function LoadCard({ capacity }: { capacity: SegmentCapacity }) {
  const { t } = useTranslation();
  const { load } = capacity;
  const kg = t('flights.units.kg');
  const m3 = t('flights.units.m3');
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        {t('flights.tabs.load_factor')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={2}>
          <Text size="sm">
            {t('flights.load.capacity')}: {load.capacity_weight} {kg} · {load.capacity_volume} {m3} (
            {t(`flights.capacitySources.${load.capacity_source}`)})
          </Text>
          <Text size="sm">
            {t('flights.load.estimated')}: {load.estimated_weight} {kg} · {load.estimated_volume} {m3}
          </Text>
          <Text size="sm">
            {t('flights.load.booked')}: {load.booked_weight} {kg} · {load.booked_volume} {m3}
          </Text>
          <Text size="sm">
            {t('flights.load.actual')}: {load.actual_weight} {kg} · {load.actual_volume} {m3}
          </Text>
        </Stack>
        <LoadFactorBars load={load} />
      </SimpleGrid>
    </Card>
  );
}

/** `/flights/:segment/aircraft-capacity`: the segment's capacity override (set or clear) and its load. */
export function SegmentCapacityRoute() {
  const { t } = useTranslation();
  const segmentId = Number(useParams().segment);
  const segment = useSegment(segmentId);
  const capacity = useSegmentCapacity(segmentId);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          {t('routes.aircraftCapacity')} {segment.data?.number_with_date ?? ''}
        </Title>
        <Button component={Link} to={`/flights/${segmentId}`} variant="default">
          {t('flights.backToFlight')}
        </Button>
      </Group>
      {segment.data && (
        <Text>
          <SegmentRoute segment={segment.data} />
          {segment.data.aircraft_type ? ` · ${segment.data.aircraft_type}` : ''}
        </Text>
      )}
      {segment.isError && !capacity.isError && (
        <Alert color="red" role="alert">
          {errorMessage(segment.error, t, { NotFound: t('flights.errors.notFound') })}
        </Alert>
      )}
      <RecordLoader query={capacity} notFound={t('flights.errors.notFound')}>
        {(record) => (
          <Stack>
            <CapacityForm segmentId={segmentId} capacity={record} />
            <LoadCard capacity={record} />
          </Stack>
        )}
      </RecordLoader>
    </Stack>
  );
}
