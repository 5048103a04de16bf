import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FieldValues, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import type { AnyControl } from '@/components/form/record-form';
import { TextField } from '@/components/form/text-field';
import { translateValidation } from '@/lib/validation/messages';
import { emptyDimension, emptyGoodsItem } from '../api/forms';
import { CodeField, CodesField } from './fields';

/** At most this many rows (the contract's limits). */
const MAX_GOODS_ITEMS = 50;
const MAX_DIMENSIONS = 100;

/** An error on a list as a whole (`dimensions`), not on one of its rows. */
function ListError({ control, name }: { control: AnyControl; name: string }) {
  const { t } = useTranslation();
  const { errors } = useFormState<FieldValues>({ control, name });
  const error = errors[name] as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {translateValidation(message, t)}
    </Text>
  );
}

function GoodsItems({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const rows = useFieldArray<FieldValues>({ control, name: 'goods_items' });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('airWaybillForms.cargo.goodsItems')}
      </Text>
      {rows.fields.map((row, index) => {
        const line = (field: string) =>
          `${t(`airWaybillForms.goods.${field}`)}, ${t('airWaybillForms.goodsRow', { row: index + 1 })}`;
        return (
          <Group key={row.id} align="flex-start" gap="xs" wrap="wrap" data-testid={`goods-item-${index + 1}`}>
            <TextField
              control={control}
              name={`goods_items.${index}.description`}
              label={line('description')}
              w={220}
            />
            <TextField control={control} name={`goods_items.${index}.hs_code`} label={line('hs_code')} w={140} />
            <TextField control={control} name={`goods_items.${index}.marks`} label={line('marks')} w={140} />
            <TextField control={control} name={`goods_items.${index}.packing`} label={line('packing')} w={120} />
            <NumberField
              control={control}
              name={`goods_items.${index}.pieces`}
              label={line('pieces')}
              w={100}
              min={1}
              allowDecimal={false}
            />
            <NumberField
              control={control}
              name={`goods_items.${index}.weight`}
              label={line('weight')}
              w={110}
              min={0}
              decimalScale={3}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('airWaybillForms.cargo.removeGoodsItem', { row: index + 1 })}
              onClick={() => rows.remove(index)}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      <ListError control={control} name="goods_items" />
      {rows.fields.length < MAX_GOODS_ITEMS && (
        <Group>
          <Button variant="light" size="xs" onClick={() => rows.append(emptyGoodsItem())}>
            {t('airWaybillForms.cargo.addGoodsItem')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Dimensions({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  const rows = useFieldArray<FieldValues>({ control, name: 'dimensions' });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('airWaybillForms.cargo.dimensions')}
      </Text>
      {rows.fields.map((row, index) => {
        const line = (field: string) =>
          `${t(`airWaybillForms.dimension.${field}`)}, ${t('airWaybillForms.dimensionsRow', { row: index + 1 })}`;
        return (
          <Group key={row.id} align="flex-start" gap="xs" wrap="wrap" data-testid={`dimension-${index + 1}`}>
            {(['length', 'width', 'height'] as const).map((side) => (
              <NumberField
                key={side}
                control={control}
                name={`dimensions.${index}.${side}`}
                label={line(side)}
                w={110}
                min={0}
                decimalScale={2}
              />
            ))}
            <NumberField
              control={control}
              name={`dimensions.${index}.pieces`}
              label={line('pieces')}
              w={100}
              min={1}
              allowDecimal={false}
            />
            <NumberField
              control={control}
              name={`dimensions.${index}.weight`}
              label={line('weight')}
              w={110}
              min={0}
              decimalScale={3}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('airWaybillForms.cargo.removeDimension', { row: index + 1 })}
              onClick={() => rows.remove(index)}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      <ListError control={control} name="dimensions" />
      {rows.fields.length < MAX_DIMENSIONS && (
        <Group>
          <Button variant="light" size="xs" onClick={() => rows.append(emptyDimension())}>
            {t('airWaybillForms.cargo.addDimension')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** HS codes and goods items: what every waybill form has, the booking's too. */
export function GoodsFields({ control }: { control: AnyControl }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CodesField
          control={control}
          name="hs_codes"
          label={t('airWaybillForms.cargo.hs_codes')}
          description={t('airWaybillForms.cargo.hsCodesHint')}
          required
        />
        <CodeField
          control={control}
          name="product_type"
          label={t('airWaybillForms.cargo.product_type')}
          maxLength={8}
        />
      </SimpleGrid>
      <GoodsItems control={control} />
    </>
  );
}

/**
 * Cargo: pieces, weight, volume, commodity (Latin only), SHCs, HS codes, goods items and dimensions; the MRN here unless
 * the waybill is postal (its mail number is then asked with the number, or below on edit).
 */
export function CargoSection({ control, mrnHere }: { control: AnyControl; mrnHere: boolean }) {
  const { t } = useTranslation();
  const postal = useWatch({ control, name: 'postal' }) as boolean;
  return (
    <Fieldset legend={t('airWaybillForms.sections.cargo')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField
            control={control}
            name="pieces"
            label={t('airWaybillForms.cargo.pieces')}
            required
            min={1}
            allowDecimal={false}
          />
          <NumberField
            control={control}
            name="weight"
            label={t('airWaybillForms.cargo.weight')}
            required
            min={0}
            decimalScale={3}
          />
          <NumberField
            control={control}
            name="volume"
            label={t('airWaybillForms.cargo.volume')}
            min={0}
            decimalScale={3}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="commodity"
            label={t('airWaybillForms.cargo.commodity')}
            description={t('airWaybillForms.cargo.commodityHint')}
          />
          <CodesField control={control} name="shcs" label={t('airWaybillForms.cargo.shcs')} />
        </SimpleGrid>
        {(mrnHere || !postal) && (
          <CodeField
            control={control}
            name="mrn"
            label={postal ? t('airWaybillForms.number.postalNumber') : t('airWaybillForms.cargo.mrn')}
            maxLength={18}
            w={300}
          />
        )}
        <GoodsFields control={control} />
        <Dimensions control={control} />
      </Stack>
    </Fieldset>
  );
}
