import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { PageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { toast } from '@/lib/notify';
import { usePreferences } from '@/lib/preferences';
import { type CreateResult, FLIGHTS_PATH, flightPath, useCreateFlights } from '../api/flights';
import {
  EMPTY_LEG,
  FlightCreateFields,
  type FlightFormValues,
  flightFieldNames,
  flightFormSchema,
} from '../components/flight-create-form';
import { AirportTime, SegmentRoute } from '../components/segment-display';

/** What a creation made: the segments created (with links) and the dates skipped with the reason. */
function CreatedSummary({ result, onAgain }: { result: CreateResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="create-result">
      <Alert color={result.created.length ? 'teal' : 'yellow'} role="status">
        {t('flights.createResult.summary', { created: result.created.length, skipped: result.skipped.length })}
      </Alert>
      {result.created.length > 0 && (
        <Card withBorder>
          <Title order={4} mb="xs">
            {t('flights.createResult.created')}
          </Title>
          <List spacing={4}>
            {result.created.map((segment) => (
              <List.Item key={segment.id}>
                <Anchor component={Link} to={flightPath(segment.id)}>
                  {segment.number_with_date}
                </Anchor>{' '}
                <SegmentRoute segment={segment} /> ·{' '}
                <AirportTime value={segment.std} timeZone={segment.origin_timezone} />
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      {result.skipped.length > 0 && (
        <Card withBorder>
          <Title order={4} mb="xs">
            {t('flights.createResult.skipped')}
          </Title>
          <List spacing={4}>
            {result.skipped.map((skip) => (
              <List.Item key={`${skip.date}-${skip.reason}`}>
                <Text span fw={600}>
                  {skip.date}
                </Text>
                : {skip.reason}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      <Group>
        <Button component={Link} to={FLIGHTS_PATH}>
          {t('flights.createResult.toList')}
        </Button>
        <Button variant="default" onClick={onAgain}>
          {t('flights.createResult.again')}
        </Button>
      </Group>
    </Stack>
  );
}

export function FlightCreateRoute() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const { utcTime } = usePreferences();
  const create = useCreateFlights();
  const [result, setResult] = useState<CreateResult | null>(null);
  const defaults: FlightFormValues = {
    mode: 'single',
    carrier: profile?.company_business_type === 'airline' ? (profile.airline_code ?? '') : '',
    number: '',
    segment_type: 'J',
    // The time mode follows the header's UTC switch unless the user picks another.
    time_mode: utcTime ? 'utc' : 'local',
    aci_required: false,
    notation: '',
    legs: [{ ...EMPTY_LEG }],
    period_from: null,
    period_to: null,
    weekdays: [],
    schedule_id: null,
  };
  const form = useZodForm(flightFormSchema, { defaultValues: defaults });
  // An airline's own code fills the carrier once the profile is there, unless the user has typed one.
  const ownCarrier = defaults.carrier;
  useEffect(() => {
    if (ownCarrier && !form.getFieldState('carrier').isDirty) form.setValue('carrier', ownCarrier);
  }, [ownCarrier, form]);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        toast(t('flights.createResult.done', { count: answer.created.length }));
        setResult(answer);
      },
      onError: (error) => {
        const fields = flightFieldNames(form.getValues('legs').length);
        if (!applyServerErrors(error, form.setError, fields)) {
          toast(
            errorMessage(error, t, { Exists: t('flights.errors.exists'), NotFound: t('flights.errors.notFound') }),
            'negative',
          );
        }
      },
    }),
  );

  if (result) {
    return (
      <>
        <PageHeader title={t('routes.flightCreate')} />
        <CreatedSummary
          result={result}
          onAgain={() => {
            setResult(null);
            form.reset(defaults);
          }}
        />
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={t('routes.flightCreate')}
        actions={
          <Button component={Link} to={FLIGHTS_PATH} variant="default">
            {t('confirm.cancel')}
          </Button>
        }
      />
      <FlightCreateFields control={form.control} />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {t('common.create')}
        </Button>
      </Group>
    </form>
  );
}
