import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldValues, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field';
import type { AnyControl } from '@/components/form/record-form';
import { translateValidation } from '@/lib/validation/messages';
import { emptyLeg, type LegForm } from '../api/forms';
import { CodeField } from './fields';

/** At most this many legs (the contract's limit). */
const MAX_LEGS = 4;

/** Route: origin, destination and the carrier (by default the airline owning the number's prefix). */
export function RouteSection({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('airWaybillForms.sections.route')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CodeField
          control={control}
          name="origin_iata"
          label={t('airWaybillForms.route.origin')}
          required
          maxLength={3}
        />
        <CodeField
          control={control}
          name="destination_iata"
          label={t('airWaybillForms.route.destination')}
          required
          maxLength={3}
        />
        <CodeField
          control={control}
          name="carrier"
          label={t('airWaybillForms.route.carrier')}
          description={t('airWaybillForms.route.carrierHint')}
          maxLength={2}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** The legs' error as a whole ("the legs must lead from the origin to the destination"). */
function RouteError({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const { errors } = useFormState<FieldValues>({ control, name: 'route' });
  const error = errors.route as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {translateValidation(message, t)}
    </Text>
  );
}

/** Flights: the legs from origin to destination, each with its carrier, flight number and date. */
export function FlightsSection({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const legs = useFieldArray<FieldValues>({ control, name: 'route' });
  const [values, origin, destination, carrier] = useWatch({
    control,
    name: ['route', 'origin_iata', 'destination_iata', 'carrier'],
  }) as [LegForm[] | undefined, string, string, string];
  const addLeg = () => {
    // The first leg leaves the origin; the next one where the previous arrived.
    const from = values?.at(-1)?.destination ?? origin ?? '';
    legs.append({
      ...emptyLeg(),
      origin: from,
      destination: values?.length ? '' : (destination ?? ''),
      carrier: carrier ?? '',
    });
  };
  return (
    <Fieldset legend={t('airWaybillForms.sections.flights')}>
      <Stack gap="xs">
        {legs.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('airWaybillForms.flights.none')}
          </Text>
        )}
        {legs.fields.map((leg, index) => {
          const label = (field: string) =>
            `${t(`airWaybillForms.flights.${field}`)}, ${t('airWaybillForms.leg', { leg: index + 1 })}`;
          return (
            <Group key={leg.id} align="flex-start" gap="xs" wrap="wrap" data-testid={`leg-${index + 1}`}>
              <CodeField
                control={control}
                name={`route.${index}.origin`}
                label={label('origin')}
                required
                maxLength={3}
                w={110}
              />
              <CodeField
                control={control}
                name={`route.${index}.destination`}
                label={label('destination')}
                required
                maxLength={3}
                w={110}
              />
              <CodeField
                control={control}
                name={`route.${index}.carrier`}
                label={label('carrier')}
                required
                maxLength={2}
                w={100}
              />
              <CodeField
                control={control}
                name={`route.${index}.flight`}
                label={label('flight')}
                maxLength={7}
                w={120}
              />
              <DateField control={control} name={`route.${index}.date`} label={label('date')} w={150} />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t('airWaybillForms.flights.remove', { leg: index + 1 })}
                onClick={() => legs.remove(index)}
              >
                ×
              </ActionIcon>
            </Group>
          );
        })}
        <RouteError control={control} />
        {legs.fields.length < MAX_LEGS && (
          <Group>
            <Button variant="light" size="xs" onClick={addLeg}>
              {t('airWaybillForms.flights.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
