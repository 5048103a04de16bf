import {
  CONTACT_KINDS,
  type HouseParty,
  type HouseWaybill,
  houseWaybillCreate,
  houseWaybillUpdate,
  WEIGHT_CODES,
} from '@aircargo/contract/house-waybills';
import { z } from 'zod';

// The house waybill form: what a person types, turned into the contract's body and validated by the contract's schema
// (Latin-only description and parties, serial number, codes, free text lines), so errors land on the fields of the
// same names. The totals against the master are the server's to judge; its errors show on pieces and weight.

const contactForm = z.object({ kind: z.enum(CONTACT_KINDS), number: z.string() });
const housePartyForm = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country_code: z.string(),
  post_code: z.string(),
  tax_id: z.string(),
  contacts: z.array(contactForm),
});
export type HousePartyForm = z.infer<typeof housePartyForm>;
const TEXT_KEYS = ['name', 'address', 'city', 'state', 'country_code', 'post_code', 'tax_id'] as const;

const houseForm = z.object({
  serial_number: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().nullable(),
  weight_code: z.enum(WEIGHT_CODES),
  weight: z.number().nullable(),
  manifest_description_of_goods: z.string(),
  shcs: z.array(z.string()),
  hs_codes: z.array(z.string()),
  free_text: z.string(),
  shipper: housePartyForm,
  consignee: housePartyForm,
});
export type HouseForm = z.infer<typeof houseForm>;

export const emptyHouseParty = (): HousePartyForm => ({
  name: '',
  address: '',
  city: '',
  state: '',
  country_code: '',
  post_code: '',
  tax_id: '',
  contacts: [],
});

export function emptyHouseForm(): HouseForm {
  return {
    serial_number: '',
    origin_iata: '',
    destination_iata: '',
    pieces: null,
    weight_code: 'K',
    weight: null,
    manifest_description_of_goods: '',
    shcs: [],
    hs_codes: [],
    free_text: '',
    shipper: emptyHouseParty(),
    consignee: emptyHouseParty(),
  };
}

const nullIfBlank = (value: string) => (value.trim() === '' ? null : value.trim());

/** A party, or null when nothing of it is filled. */
function partyBody(party: HousePartyForm) {
  const contacts = party.contacts.filter((c) => c.number.trim() !== '');
  if (TEXT_KEYS.every((key) => party[key].trim() === '') && contacts.length === 0) return null;
  return {
    name: party.name.trim(),
    address: party.address.trim(),
    city: party.city.trim(),
    state: nullIfBlank(party.state),
    country_code: party.country_code.trim().toUpperCase(),
    post_code: nullIfBlank(party.post_code),
    tax_id: nullIfBlank(party.tax_id),
    contacts: contacts.map((c) => ({ kind: c.kind, number: c.number.trim() })),
  };
}

/** The body of a house form; an airport left empty takes the master's (create) or stays as it is (edit). */
export function houseBody(values: HouseForm) {
  return {
    serial_number: values.serial_number,
    ...(values.origin_iata.trim() ? { origin_iata: values.origin_iata.trim().toUpperCase() } : {}),
    ...(values.destination_iata.trim() ? { destination_iata: values.destination_iata.trim().toUpperCase() } : {}),
    pieces: values.pieces ?? undefined,
    weight_code: values.weight_code,
    weight: values.weight ?? undefined,
    manifest_description_of_goods: values.manifest_description_of_goods,
    shcs: values.shcs,
    hs_codes: values.hs_codes,
    free_text: values.free_text.trim() === '' ? null : values.free_text.replace(/\r\n/g, '\n'),
    shipper: partyBody(values.shipper),
    consignee: partyBody(values.consignee),
  };
}

type Draft<S extends z.ZodType> = z.input<S>;

export const houseCreateSchema = houseForm
  .transform((values) => houseBody(values) as Draft<typeof houseWaybillCreate>)
  .pipe(houseWaybillCreate);

export const houseUpdateSchema = houseForm
  .transform((values) => houseBody(values) as Draft<typeof houseWaybillUpdate>)
  .pipe(houseWaybillUpdate);

const partyValues = (party: HouseParty | null): HousePartyForm => ({
  name: party?.name ?? '',
  address: party?.address ?? '',
  city: party?.city ?? '',
  state: party?.state ?? '',
  country_code: party?.country_code ?? '',
  post_code: party?.post_code ?? '',
  tax_id: party?.tax_id ?? '',
  contacts: party?.contacts.map((c) => ({ kind: c.kind, number: c.number })) ?? [],
});

export function houseFormValues(house: HouseWaybill): HouseForm {
  return {
    serial_number: house.serial_number,
    origin_iata: house.origin_iata,
    destination_iata: house.destination_iata,
    pieces: house.pieces,
    weight_code: house.weight_code,
    weight: house.weight,
    manifest_description_of_goods: house.manifest_description_of_goods,
    shcs: house.shcs,
    hs_codes: house.hs_codes,
    free_text: house.free_text ?? '',
    shipper: partyValues(house.shipper),
    consignee: partyValues(house.consignee),
  };
}

const HOUSE_TOP = new Set([
  'serial_number',
  'origin_iata',
  'destination_iata',
  'pieces',
  'weight_code',
  'weight',
  'manifest_description_of_goods',
  'shcs',
  'hs_codes',
  'free_text',
]);
const HOUSE_PARTY =
  /^(shipper|consignee)\.(name|address|city|state|country_code|post_code|tax_id|contacts\.\d+\.number)$/;

/** Whether the house form has a field of this name to show a server error on. */
export function isHouseField(field: string): boolean {
  return HOUSE_TOP.has(field) || HOUSE_PARTY.test(field);
}

/** A code of a list (`shcs.2`) shows on the list; a party's error without a field on its name. */
export function houseServerFieldOf(field: string): string {
  const list = /^(shcs|hs_codes)\.\d+$/.exec(field);
  if (list) return list[1] as string;
  if (/^(shipper|consignee)$/.test(field)) return `${field}.name`;
  if (/^(shipper|consignee)\.contacts\.\d+$/.test(field)) return `${field}.number`;
  return field;
}
