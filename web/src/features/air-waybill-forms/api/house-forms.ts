import {
  type HouseWaybill,
  houseWaybillCreate,
  houseWaybillUpdate,
  WEIGHT_CODES,
} from '@aircargo/contract/house-waybills';
import { z } from 'zod';
import { emptyParty, optionalPartyBody, partyForm, partyValues } from './forms';

// The house waybill form: what a person types, turned into the contract's body and validated by the contract's schema
// (Latin-only description, the parties' contact numbers and INN, serial number, codes, free text lines), so errors land on the fields of the
// same names. The totals against the master are the server's to judge; its errors show on pieces and weight.

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
  shipper: partyForm,
  consignee: partyForm,
});
export type HouseForm = z.infer<typeof houseForm>;

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
    shipper: emptyParty(),
    consignee: emptyParty(),
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
    shipper: optionalPartyBody(values.shipper),
    consignee: optionalPartyBody(values.consignee),
  };
}

type Draft<S extends z.ZodType> = z.input<S>;

export const houseCreateSchema = houseForm
  .transform((values) => houseBody(values) as Draft<typeof houseWaybillCreate>)
  .pipe(houseWaybillCreate);

export const houseUpdateSchema = houseForm
  .transform((values) => houseBody(values) as Draft<typeof houseWaybillUpdate>)
  .pipe(houseWaybillUpdate);

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
  return field;
}
