import { notableCompaniesApi } from '@aircargo/contract/notable-companies';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AirportField } from '@/components/form/airport-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { callApi } from '@/lib/api/endpoint';
import { REFERENCE_STALE_MS } from '@/lib/query-client';
import type { CreateHandlerForm } from '../api/handlers';

export const HANDLER_FIELD_NAMES = [
  'airline_id',
  'airport',
  'name',
  'handler_company_id',
  'contact_name',
  'phone',
  'email',
  'sita_address',
  'notes',
] as const;

/** Both forms hold the same fields (the edit form with all of them optional and no airline). */
export type HandlerFieldsControl = Control<CreateHandlerForm, unknown, unknown>;

function useCompanies(companyType: 'airline' | 'handler', enabled: boolean) {
  return useQuery({
    queryKey: ['reference', 'notable-companies', companyType],
    queryFn: ({ signal }) =>
      callApi(notableCompaniesApi.list, {
        query: { company_type: companyType, per_page: 200, sort: 'name' },
        signal,
        kind: `notable-companies-${companyType}`,
      }),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

/** Handler fields shared by create and edit; the airline is chosen only by the platform, on create. */
export function HandlerFields({ control, chooseAirline }: { control: HandlerFieldsControl; chooseAirline: boolean }) {
  const { t } = useTranslation();
  const airlines = useCompanies('airline', chooseAirline);
  const handlerCompanies = useCompanies('handler', true);
  const options = (list: typeof airlines.data) =>
    (list?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.short_name} — ${c.name}` }));

  return (
    <Stack>
      <Fieldset legend={t('handlers.sections.main')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {chooseAirline && (
            <SelectField
              control={control}
              name="airline_id"
              numeric
              searchable
              label={t('handlers.fields.airline')}
              data={options(airlines.data)}
              required
            />
          )}
          <AirportField control={control} name="airport" label={t('handlers.fields.airport')} required />
          <TextField control={control} name="name" label={t('handlers.fields.name')} required />
          <SelectField
            control={control}
            name="handler_company_id"
            numeric
            searchable
            clearable
            label={t('handlers.fields.handler_company')}
            data={options(handlerCompanies.data)}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('handlers.sections.contacts')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField control={control} name="contact_name" label={t('handlers.fields.contact_name')} />
          <TextField control={control} name="phone" label={t('handlers.fields.phone')} type="tel" />
          <TextField control={control} name="email" label={t('handlers.fields.email')} type="email" />
          <TextField control={control} name="sita_address" label={t('handlers.fields.sita_address')} maxLength={7} />
        </SimpleGrid>
        <TextareaField control={control} name="notes" label={t('handlers.fields.notes')} mt="sm" />
      </Fieldset>
    </Stack>
  );
}
