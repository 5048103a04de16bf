import { msg } from '@aircargo/contract/messages';
import { dimensionText } from '@aircargo/contract/route-search';
import { Button, Fieldset, Group, SimpleGrid } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { MultiSelectField } from '@/components/form/multi-select-field';
import { NumberField } from '@/components/form/number-field';
import { SwitchField } from '@/components/form/switch-field';
import { TagsField } from '@/components/form/tags-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { useShcOptions } from '../api/offers';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const code = z.preprocess(
  (v) => (typeof v === 'string' ? blank(v.trim().toUpperCase()) : v),
  z
    .string()
    .regex(/^[A-Z]{3}$/, msg('invalidFormat'))
    .optional(),
);
const place = z.object({
  address: z.string().max(500),
  city: z.string().max(100),
  post_code: z.string().max(20),
  comment: z.string().max(500),
});

/**
 * The booking request of seed 001 (origin, destination, dates, direct flag, cargo, commodity, SHCs, pickup and
 * delivery). Every search field may be left empty here: the server answers "Fill in required fields" and names them.
 * Pickup and delivery have no place in the route search or booking calls: they stay in the form.
 */
export const searchFormSchema = z.object({
  origin: code,
  destination: code,
  date_from: z.preprocess(blank, z.string().optional()),
  date_to: z.preprocess(blank, z.string().optional()),
  direct_only: z.boolean(),
  pieces: z.preprocess(blank, z.number().int().min(1).max(99_999).optional()),
  weight: z.preprocess(blank, z.number().positive().max(1_000_000).optional()),
  volume: z.preprocess(blank, z.number().min(0).max(100_000).optional()),
  /** Groups of pieces, `LxWxH` or `LxWxHxPIECES` in cm: the volume when none is given, and the booking's dimensions. */
  dimensions: z.array(dimensionText).max(100),
  commodity: z.string().trim().max(200),
  shcs: z.array(z.string()).max(50),
  pickup: place,
  delivery: place,
});
export type SearchFormValues = z.input<typeof searchFormSchema>;
export type SearchFormOutput = z.output<typeof searchFormSchema>;

/** A typed date as the field shows it (DD.MM.YYYY), or ISO; null when it is not a real day. */
export function parseTypedDate(value: string): string | null {
  const text = value.trim();
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = dotted
    ? `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : null;
  return iso && z.iso.date().safeParse(iso).success ? iso : null;
}

/** `120x80x100x2` as a booking's dimension line (cm; one piece when the count is left out). */
export function dimensionOf(text: string) {
  const [length, width, height, pieces] = text.toLowerCase().split('x').map(Number);
  return { pieces: pieces ?? 1, length: length ?? 0, width: width ?? 0, height: height ?? 0 };
}

const emptyPlace = { address: '', city: '', post_code: '', comment: '' };
export const SEARCH_DEFAULTS: SearchFormValues = {
  origin: '',
  destination: '',
  date_from: null,
  date_to: null,
  direct_only: false,
  pieces: null,
  weight: null,
  volume: null,
  dimensions: [],
  commodity: '',
  shcs: [],
  pickup: emptyPlace,
  delivery: emptyPlace,
};

/** The fields the server may name in a 422 answer. */
export const SEARCH_FIELDS = [
  'origin',
  'destination',
  'date_from',
  'date_to',
  'pieces',
  'weight',
  'volume',
  'dimensions',
  'commodity',
  'shcs',
] as const;

type Form = UseFormReturn<SearchFormValues, unknown, SearchFormOutput>;

export function SearchForm({ form, onSubmit, searching }: { form: Form; onSubmit: () => void; searching: boolean }) {
  const { t } = useTranslation();
  const shcs = useShcOptions();
  const { control } = form;
  return (
    <form
      noValidate
      aria-label={t('offers.form.title')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <TextField control={control} name="origin" label={t('offers.form.origin')} maxLength={3} required />
        <TextField control={control} name="destination" label={t('offers.form.destination')} maxLength={3} required />
        <DateField
          control={control}
          name="date_from"
          label={t('offers.form.dateFrom')}
          dateParser={parseTypedDate}
          required
        />
        <DateField control={control} name="date_to" label={t('offers.form.dateTo')} dateParser={parseTypedDate} />
        <NumberField
          control={control}
          name="pieces"
          label={t('offers.form.pieces')}
          min={1}
          allowDecimal={false}
          required
        />
        <NumberField
          control={control}
          name="weight"
          label={t('offers.form.weight')}
          min={0}
          decimalScale={3}
          required
        />
        <NumberField control={control} name="volume" label={t('offers.form.volume')} min={0} decimalScale={3} />
        <TagsField
          control={control}
          name="dimensions"
          label={t('offers.form.dimensions')}
          description={t('offers.form.dimensionsHint')}
        />
        <TextField control={control} name="commodity" label={t('offers.form.commodity')} />
        <MultiSelectField
          control={control}
          name="shcs"
          label={t('offers.form.shcs')}
          data={shcs}
          searchable
          clearable
        />
        <SwitchField control={control} name="direct_only" label={t('offers.form.directOnly')} mt="xl" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
        {(['pickup', 'delivery'] as const).map((side) => (
          <Fieldset key={side} legend={t(`offers.form.${side}`)}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField control={control} name={`${side}.address`} label={t('offers.form.address')} />
              <TextField control={control} name={`${side}.city`} label={t('offers.form.city')} />
              <TextField control={control} name={`${side}.post_code`} label={t('offers.form.postCode')} />
            </SimpleGrid>
            <TextareaField control={control} name={`${side}.comment`} label={t('offers.form.comment')} rows={2} />
          </Fieldset>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={searching}>
          {t('offers.form.search')}
        </Button>
      </Group>
    </form>
  );
}
