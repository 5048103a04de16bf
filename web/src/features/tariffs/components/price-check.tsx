import { decimalInput, type QuoteResult, quoteInput } from '@aircargo/contract/tariffs';
import { Alert, Badge, Button, Fieldset, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AirportField } from '@/components/form/airport-field';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors, useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api/errors';
import { useProfile } from '@/lib/auth/profile';
import { useCompanyOptions } from '../api/companies';
import { useQuote } from '../api/tariffs';
import { money } from './format';

const empty = (v: unknown) => (v === '' || v === undefined ? null : v);

/** The panel's fields: the quote call's input, with the dimensions of one line of pieces instead of a list. */
const priceCheckSchema = quoteInput.omit({ dimensions: true, volume: true, company_id: true, via: true }).extend({
  volume: z.preprocess(empty, quoteInput.shape.volume),
  length: z.preprocess(empty, decimalInput(2, 5).nullable().optional()),
  width: z.preprocess(empty, decimalInput(2, 5).nullable().optional()),
  height: z.preprocess(empty, decimalInput(2, 5).nullable().optional()),
  via: quoteInput.shape.via,
  date: z.preprocess(empty, quoteInput.shape.date.nullable()),
  product: z.preprocess(empty, quoteInput.shape.product),
  company_id: z.preprocess(empty, quoteInput.shape.company_id),
});
type PriceCheckForm = z.input<typeof priceCheckSchema>;

const FIELDS = [
  'carrier',
  'origin',
  'destination',
  'date',
  'pieces',
  'weight',
  'volume',
  'product',
  'shcs',
  'via',
  'company_id',
];

export interface PriceCheckDefaults {
  carrier?: string;
  origin?: string;
  destination?: string;
  date?: string;
}

/** Quotes a shipment against the tariffs the caller sees and shows each rate line, or why nothing applies. */
export function PriceCheck({ defaults }: { defaults: PriceCheckDefaults }) {
  const { t } = useTranslation();
  const quote = useQuote();
  const { data: profile } = useProfile();
  // The airline and the platform may price for a client (its restricted prices then apply); a forwarder gets its own.
  const forClient = profile !== undefined && profile.company_business_type !== 'forwarder';
  const clients = useCompanyOptions('forwarder', forClient);
  const form = useZodForm(priceCheckSchema, {
    defaultValues: {
      carrier: defaults.carrier ?? '',
      origin: defaults.origin ?? '',
      destination: defaults.destination ?? '',
      date: defaults.date ?? null,
      pieces: 1,
      weight: '',
      volume: '',
      length: '',
      width: '',
      height: '',
      product: '',
      shcs: [],
      via: [],
      company_id: null,
    } as PriceCheckForm,
  });

  const onSubmit = form.handleSubmit((values) => {
    const { length, width, height, date, ...rest } = values;
    const dimensions =
      !rest.volume && length && width && height
        ? [{ pieces: rest.pieces, length, width, height, unit: 'cm' as const }]
        : null;
    quote.mutate(
      { ...rest, ...(date ? { date } : {}), dimensions },
      {
        onError: (error) => {
          applyServerErrors(error, form.setError, FIELDS);
        },
      },
    );
  });

  return (
    <Fieldset legend={t('tariffs.priceCheck.title')} mt="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('tariffs.priceCheck.title')}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <TextField control={form.control} name="carrier" label={t('tariffs.fields.carrier')} maxLength={2} required />
          <AirportField control={form.control} name="origin" label={t('tariffs.fields.origin')} required />
          <AirportField control={form.control} name="destination" label={t('tariffs.fields.destination')} required />
          <TagsField control={form.control} name="via" label={t('tariffs.fields.transfers')} />
          <DateField control={form.control} name="date" label={t('tariffs.priceCheck.date')} />
          <TextField control={form.control} name="product" label={t('tariffs.fields.product')} />
          <NumberField
            control={form.control}
            name="pieces"
            label={t('tariffs.priceCheck.pieces')}
            min={1}
            allowDecimal={false}
            required
          />
          <TextField control={form.control} name="weight" label={t('tariffs.priceCheck.weight')} required />
          <TextField control={form.control} name="volume" label={t('tariffs.priceCheck.volume')} />
          <TextField control={form.control} name="length" label={t('tariffs.priceCheck.length')} />
          <TextField control={form.control} name="width" label={t('tariffs.priceCheck.width')} />
          <TextField control={form.control} name="height" label={t('tariffs.priceCheck.height')} />
          <TagsField control={form.control} name="shcs" label={t('tariffs.fields.shcs')} />
          {forClient && (
            <SelectField
              control={form.control}
              name="company_id"
              numeric
              searchable
              clearable
              label={t('tariffs.priceCheck.client')}
              data={clients}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={quote.isPending}>
            {t('tariffs.priceCheck.submit')}
          </Button>
        </Group>
      </form>
      {quote.isError && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(quote.error, t)}
        </Alert>
      )}
      {quote.data && <QuoteView result={quote.data} />}
    </Fieldset>
  );
}

function QuoteView({ result }: { result: QuoteResult }) {
  const { t } = useTranslation();
  const cw = result.chargeable;
  return (
    <Stack mt="md" gap="sm" data-testid="quote-result">
      <Text size="sm">
        {t('tariffs.priceCheck.chargeable', {
          weight: cw.chargeable_weight,
          source: t(`tariffs.priceCheck.sources.${cw.source}`),
        })}
        {' · '}
        {t('tariffs.priceCheck.volumeWeight', { weight: cw.volume_weight, ratio: cw.chargeable_ratio })}
      </Text>
      {result.ok ? (
        <>
          <Table striped withTableBorder aria-label={t('tariffs.priceCheck.lines')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tariffs.lines.code')}</Table.Th>
                <Table.Th>{t('tariffs.lines.class')}</Table.Th>
                <Table.Th>{t('tariffs.lines.description')}</Table.Th>
                <Table.Th>{t('tariffs.lines.rate')}</Table.Th>
                <Table.Th>{t('tariffs.lines.base')}</Table.Th>
                <Table.Th>{t('tariffs.lines.amount')}</Table.Th>
                <Table.Th>{t('tariffs.lines.vat')}</Table.Th>
                <Table.Th>{t('tariffs.lines.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lines.map((line) => (
                <Table.Tr key={`${line.type}-${line.code}-${line.source_id}`}>
                  <Table.Td>{line.code}</Table.Td>
                  <Table.Td>{line.rate_class_code ?? ''}</Table.Td>
                  <Table.Td>
                    {line.description}
                    {line.is_derivative && (
                      <Badge ml="xs" size="xs" color="gray">
                        {t('tariffs.lines.derivative')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{money(line.rate, line.basis === 'percent' ? '%' : line.currency)}</Table.Td>
                  <Table.Td>
                    {line.base_value} {t(`tariffs.units.${line.unit_code}`)}
                  </Table.Td>
                  <Table.Td>{money(line.amount, line.currency)}</Table.Td>
                  <Table.Td>
                    {line.vat_inclusion === 'without'
                      ? t('tariffs.vat.without')
                      : `${money(line.vat, line.currency)} (${line.vat_percent}%)`}
                  </Table.Td>
                  <Table.Td>{money(line.total, line.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap="lg" data-testid="quote-totals">
            <Title order={5}>{t('tariffs.priceCheck.totals')}</Title>
            {result.totals.map((total) => (
              <Text key={total.currency} size="sm">
                {t('tariffs.priceCheck.total', {
                  net: money(total.net, total.currency),
                  vat: money(total.vat, total.currency),
                  total: money(total.total, total.currency),
                })}
              </Text>
            ))}
          </Group>
        </>
      ) : (
        <Alert color="yellow" role="status" title={t('validation.tariffsNotAvailable')}>
          {t('tariffs.priceCheck.reason', { condition: t(`tariffs.conditions.${result.reason.condition}`) })}
          {result.reason.detail ? ` ${result.reason.detail}` : ''}
        </Alert>
      )}
    </Stack>
  );
}
