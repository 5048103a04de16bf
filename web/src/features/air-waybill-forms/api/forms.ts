import {
  type AirWaybillRecord,
  AWB_PAYMENTS,
  airWaybillCreate,
  airWaybillFromBooking,
  airWaybillUpdate,
  awbDimension,
  type PartyRecord,
} from '@aircargo/contract/air-waybills';
import { msg } from '@aircargo/contract/messages';
import { z } from 'zod';

// Form shapes of the waybill screens. A form keeps what a person types (text, numbers or nothing, lists of rows) and
// turns it into the contract's request body, which it then validates with the contract's own schema, so the form
// refuses what the server would (pattern, control bit, HS code, Latin-only commodity, contact numbers, INN) and the
// errors land on the fields of the same names.

export const NUMBER_SOURCES = ['typed', 'stock'] as const;
export type NumberSource = (typeof NUMBER_SOURCES)[number];
export const WEIGHT_CODES = ['K', 'L'] as const;

const trimmed = (value: string) => value.trim();
/** Text as typed, or undefined when left empty (the contract's default or "required" applies). */
const textOrUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const partyForm = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country_code: z.string(),
  post_code: z.string(),
  contacts: z.string(),
  tax_id: z.string(),
});
export type PartyForm = z.infer<typeof partyForm>;
export const PARTY_KEYS = Object.keys(partyForm.shape) as (keyof PartyForm)[];

const goodsItemForm = z.object({
  description: z.string(),
  hs_code: z.string(),
  marks: z.string(),
  packing: z.string(),
  pieces: z.number().nullable(),
  weight: z.number().nullable(),
});
export type GoodsItemForm = z.infer<typeof goodsItemForm>;

const dimensionForm = z.object({
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  pieces: z.number().nullable(),
  weight: z.number().nullable(),
});
export type DimensionForm = z.infer<typeof dimensionForm>;

const legForm = z.object({
  origin: z.string(),
  destination: z.string(),
  carrier: z.string(),
  flight: z.string(),
  date: z.string().nullable(),
});
export type LegForm = z.infer<typeof legForm>;

/** Every field of the waybill form; the number fields only matter on create. */
const waybillForm = z.object({
  number_source: z.enum(NUMBER_SOURCES),
  mawb: z.string(),
  prefix: z.string(),
  postal: z.boolean(),
  /** The MRN: a postal waybill's mail number, else the customs movement reference. */
  mrn: z.string(),
  forwarder_id: z.number().nullable(),
  pieces: z.number().nullable(),
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  commodity: z.string(),
  product_type: z.string(),
  shcs: z.array(z.string()),
  hs_codes: z.array(z.string()),
  goods_items: z.array(goodsItemForm),
  dimensions: z.array(dimensionForm),
  origin_iata: z.string(),
  destination_iata: z.string(),
  carrier: z.string(),
  route: z.array(legForm),
  shipper: partyForm,
  consignee: partyForm,
  notify: partyForm,
  forwarder_account: z.string(),
  special_service_request: z.string(),
  other_service_request: z.string(),
  payment: z.enum(AWB_PAYMENTS),
  as_agreed_rates: z.boolean(),
});
export type WaybillForm = z.infer<typeof waybillForm>;

export const emptyParty = (): PartyForm => ({
  name: '',
  address: '',
  city: '',
  state: '',
  country_code: '',
  post_code: '',
  contacts: '',
  tax_id: '',
});
export const emptyGoodsItem = (): GoodsItemForm => ({
  description: '',
  hs_code: '',
  marks: '',
  packing: '',
  pieces: null,
  weight: null,
});
export const emptyDimension = (): DimensionForm => ({
  length: null,
  width: null,
  height: null,
  pieces: null,
  weight: null,
});
export const emptyLeg = (): LegForm => ({ origin: '', destination: '', carrier: '', flight: '', date: null });

export function emptyWaybillForm(): WaybillForm {
  return {
    number_source: 'typed',
    mawb: '',
    prefix: '',
    postal: false,
    mrn: '',
    forwarder_id: null,
    pieces: null,
    weight: null,
    volume: null,
    commodity: '',
    product_type: '',
    shcs: [],
    hs_codes: [],
    goods_items: [],
    dimensions: [],
    origin_iata: '',
    destination_iata: '',
    carrier: '',
    route: [],
    shipper: emptyParty(),
    consignee: emptyParty(),
    notify: emptyParty(),
    forwarder_account: '',
    special_service_request: '',
    other_service_request: '',
    payment: 'prepaid',
    as_agreed_rates: false,
  };
}

// Form to body. A required figure left empty stays undefined in the body, so the contract reports it as a required
// field on the field of the same name; the body is only sent once the contract has accepted it.

type Draft<S extends z.ZodType> = z.input<S>;

function partyBody(party: PartyForm) {
  return {
    name: trimmed(party.name),
    address: textOrNull(party.address),
    city: textOrNull(party.city),
    state: textOrNull(party.state),
    country_code: textOrNull(party.country_code)?.toUpperCase() ?? null,
    post_code: textOrNull(party.post_code),
    contacts: textOrNull(party.contacts),
    tax_id: textOrNull(party.tax_id),
  };
}

/** An optional party (notify, a house's shipper or consignee), or null when none of its fields is filled. */
export function optionalPartyBody(party: PartyForm) {
  if (PARTY_KEYS.every((key) => party[key].trim() === '')) return null;
  return { ...partyBody(party), name: textOrNull(party.name) };
}

const goodsItemBody = (item: GoodsItemForm) => ({
  description: textOrNull(item.description),
  hs_code: textOrNull(item.hs_code),
  marks: textOrNull(item.marks),
  packing: textOrNull(item.packing),
  pieces: item.pieces,
  weight: item.weight,
});

const dimensionBody = (row: DimensionForm) => ({
  length: row.length ?? undefined,
  width: row.width ?? undefined,
  height: row.height ?? undefined,
  pieces: row.pieces ?? undefined,
  weight: row.weight,
});

const legBody = (leg: LegForm) => ({
  origin: trimmed(leg.origin).toUpperCase(),
  destination: trimmed(leg.destination).toUpperCase(),
  carrier: trimmed(leg.carrier).toUpperCase(),
  flight: textOrNull(leg.flight)?.toUpperCase() ?? null,
  date: leg.date || null,
});

/** The parties and requests every waybill body carries. */
function partiesBody(values: WaybillForm) {
  return {
    shipper: partyBody(values.shipper),
    consignee: partyBody(values.consignee),
    notify: optionalPartyBody(values.notify),
    forwarder_account: textOrNull(values.forwarder_account),
    special_service_request: textOrNull(values.special_service_request),
    other_service_request: textOrNull(values.other_service_request),
    payment: values.payment,
    as_agreed_rates: values.as_agreed_rates,
  };
}

/** The cargo and route fields as the contract has them (create and edit). */
function cargoBody(values: WaybillForm) {
  return {
    origin_iata: trimmed(values.origin_iata).toUpperCase(),
    destination_iata: trimmed(values.destination_iata).toUpperCase(),
    pieces: values.pieces ?? undefined,
    weight: values.weight ?? undefined,
    volume: values.volume ?? 0,
    commodity: textOrNull(values.commodity),
    mrn: textOrNull(values.mrn)?.toUpperCase() ?? null,
    shcs: values.shcs,
    hs_codes: values.hs_codes,
    goods_items: values.goods_items.map(goodsItemBody),
    dimensions: values.dimensions.map(dimensionBody),
    route: values.route.map(legBody),
    manual_route: values.route.length > 0,
  };
}

/** The number: typed (checked by the contract: pattern and control bit) or the next free one of a prefix's stock. */
function numberBody(values: Pick<WaybillForm, 'number_source' | 'mawb' | 'prefix'>) {
  return values.number_source === 'typed'
    ? { mawb: textOrUndefined(values.mawb) }
    : { from_stock: true, prefix: textOrUndefined(values.prefix) };
}

export function createBody(values: WaybillForm) {
  return {
    ...numberBody(values),
    postal: values.postal,
    ...(values.forwarder_id ? { forwarder_id: values.forwarder_id } : {}),
    ...cargoBody(values),
    carrier: textOrUndefined(values.carrier)?.toUpperCase(),
    product_type: textOrUndefined(values.product_type)?.toUpperCase(),
    ...partiesBody(values),
  };
}

/** The create form: the body built from what is typed, validated by the contract's create schema. */
export const createFormSchema = waybillForm
  .transform((values) => createBody(values) as Draft<typeof airWaybillCreate>)
  .pipe(airWaybillCreate);

/** The PATCH's changed fields with the dimensions beside them, as one object (the form's fields at the top). */
const editFields = airWaybillUpdate.shape.air_waybill.unwrap().extend({ dimensions: z.array(awbDimension).max(100) });

/** The changes of an edit: every field the form shows (the number is fixed), and the dimensions that replace the list. */
export function editBody(values: WaybillForm) {
  const { dimensions, manual_route, ...cargo } = cargoBody(values);
  return {
    ...cargo,
    manual_route,
    carrier: trimmed(values.carrier).toUpperCase(),
    product_type: textOrNull(values.product_type)?.toUpperCase() ?? null,
    ...partiesBody(values),
    dimensions,
  };
}

function requireHsCode(
  value: { hs_codes?: string[]; goods_items?: { hs_code?: string | null }[] },
  ctx: z.RefinementCtx,
) {
  if ((value.hs_codes?.length ?? 0) > 0 || (value.goods_items ?? []).some((item) => !!item.hs_code)) return;
  ctx.addIssue({ code: 'custom', path: ['hs_codes'], message: msg('hsCodeRequired') });
}

/** The edit form: the changed fields and dimensions validated by the contract's PATCH pieces (fields at the top). */
export const editFormSchema = waybillForm
  .transform((values) => editBody(values) as Draft<typeof editFields>)
  .pipe(editFields.superRefine(requireHsCode));
export type EditFormValues = z.output<typeof editFormSchema>;

/** PATCH {air_waybill, dimensions}: the edit form's values split as the seed's call has them. */
export function updateBody(values: EditFormValues, rowVersion: number) {
  const { dimensions, ...air_waybill } = values;
  return { air_waybill, dimensions, row_version: rowVersion };
}

/** The create-from-booking form: number (unless the booking has one), HS codes, goods items, parties and requests. */
export function fromBookingBody(values: WaybillForm, bookingHasNumber: boolean): z.input<typeof airWaybillFromBooking> {
  return {
    ...(bookingHasNumber ? {} : numberBody(values)),
    product_type: textOrUndefined(values.product_type)?.toUpperCase(),
    hs_codes: values.hs_codes,
    goods_items: values.goods_items.map(goodsItemBody),
    ...partiesBody(values),
  };
}

export const fromBookingFormSchema = (bookingHasNumber: boolean) =>
  waybillForm
    .transform((values) => fromBookingBody(values, bookingHasNumber))
    .pipe(airWaybillFromBooking)
    .superRefine((value, ctx) => {
      if (bookingHasNumber || value.from_stock || value.mawb !== undefined) return;
      ctx.addIssue({ code: 'custom', path: ['mawb'], message: msg('required') });
    });

// Record to form.

export const partyValues = (party: PartyRecord | null): PartyForm => ({
  name: party?.name ?? '',
  address: party?.address ?? '',
  city: party?.city ?? '',
  state: party?.state ?? '',
  country_code: party?.country_code ?? '',
  post_code: party?.post_code ?? '',
  contacts: party?.contacts ?? '',
  tax_id: party?.tax_id ?? '',
});

export function waybillFormValues(record: AirWaybillRecord): WaybillForm {
  return {
    number_source: 'typed',
    mawb: record.mawb,
    prefix: record.prefix,
    postal: record.postal,
    mrn: record.mrn ?? '',
    forwarder_id: record.forwarder.id,
    pieces: record.pieces,
    weight: record.weight,
    volume: record.volume,
    commodity: record.commodity ?? '',
    product_type: record.product_type ?? '',
    shcs: record.shcs,
    hs_codes: record.hs_codes,
    goods_items: record.goods_items.map((item) => ({
      description: item.description ?? '',
      hs_code: item.hs_code ?? '',
      marks: item.marks ?? '',
      packing: item.packing ?? '',
      pieces: item.pieces,
      weight: item.weight,
    })),
    dimensions: record.dimensions.map((row) => ({
      length: row.length,
      width: row.width,
      height: row.height,
      pieces: row.pieces,
      weight: row.weight,
    })),
    origin_iata: record.origin_iata,
    destination_iata: record.destination_iata,
    carrier: record.carrier,
    route: record.route_data.map((leg) => ({
      origin: leg.origin,
      destination: leg.destination,
      carrier: leg.carrier,
      flight: leg.flight ?? '',
      date: leg.date,
    })),
    shipper: partyValues(record.shipper),
    consignee: partyValues(record.consignee),
    notify: partyValues(record.notify),
    forwarder_account: record.forwarder_account ?? '',
    special_service_request: record.special_service_request ?? '',
    other_service_request: record.other_service_request ?? '',
    payment: record.payment,
    as_agreed_rates: record.as_agreed_rates,
  };
}

/**
 * Form fields the server's errors are shown on. The PATCH body nests the fields under `air_waybill`; a goods item's or
 * a leg's field stays on its row.
 */
export function serverFieldOf(field: string): string {
  const path = field.startsWith('air_waybill.') ? field.slice('air_waybill.'.length) : field;
  if (path === 'from_stock') return 'prefix';
  // A code of a list (`shcs.2`) shows on the list; a party's error without a field on its name.
  const list = /^(shcs|hs_codes)\.\d+$/.exec(path);
  if (list) return list[1] as string;
  if (/^(shipper|consignee|notify)$/.test(path)) return `${path}.name`;
  return path;
}

const TOP_FIELDS = new Set([
  'mawb',
  'prefix',
  'postal',
  'mrn',
  'forwarder_id',
  'pieces',
  'weight',
  'volume',
  'commodity',
  'product_type',
  'shcs',
  'hs_codes',
  'goods_items',
  'dimensions',
  'origin_iata',
  'destination_iata',
  'carrier',
  'route',
  'forwarder_account',
  'special_service_request',
  'other_service_request',
  'payment',
  'as_agreed_rates',
]);
const ROW_FIELD =
  /^(goods_items\.\d+\.(description|hs_code|marks|packing|pieces|weight)|dimensions\.\d+\.(length|width|height|pieces|weight)|route\.\d+\.(origin|destination|carrier|flight|date))$/;
const PARTY_FIELD = new RegExp(`^(shipper|consignee|notify)\\.(${PARTY_KEYS.join('|')})$`);

/** Whether the waybill form has a field of this name to show a server error on. */
export function isWaybillField(field: string): boolean {
  return TOP_FIELDS.has(field) || ROW_FIELD.test(field) || PARTY_FIELD.test(field);
}
