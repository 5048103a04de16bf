import { type HouseWaybill, KG_PER_LB } from '@aircargo/contract/house-waybills';
import type { AwbParty } from '../../db/schema';
import type { HouseFigures } from './house-waybills.cimp';
import type { HouseRow } from './house-waybills.repository';

const weightCodeOf = (code: string): 'K' | 'L' => (code === 'L' ? 'L' : 'K');

/** A house's weight in kg (an `L` weight converted), to three decimals. */
export function weightKg(weight: number, code: string): number {
  return Math.round((code === 'L' ? weight * KG_PER_LB : weight) * 1000) / 1000;
}

const partyOf = (p: AwbParty | null): AwbParty | null =>
  p
    ? {
        name: p.name ?? null,
        address: p.address ?? null,
        city: p.city ?? null,
        state: p.state ?? null,
        country_code: p.country_code ?? null,
        post_code: p.post_code ?? null,
        contacts: p.contacts ?? null,
        tax_id: p.tax_id ?? null,
      }
    : null;

export function presentHouse(row: HouseRow, mawb: string): HouseWaybill {
  const weight = Number(row.weight);
  return {
    id: row.id,
    air_waybill_id: row.air_waybill_id,
    mawb,
    serial_number: row.serial_number,
    origin_iata: row.origin,
    destination_iata: row.destination,
    pieces: row.pieces,
    weight_code: weightCodeOf(row.weight_code),
    weight,
    weight_kg: weightKg(weight, row.weight_code),
    manifest_description_of_goods: row.manifest_description_of_goods ?? '',
    shcs: row.shcs,
    free_text: row.free_text,
    hs_codes: row.hs_codes,
    shipper: partyOf(row.shipper ?? null),
    consignee: partyOf(row.consignee ?? null),
    placi_status: row.placi_status,
    placi_comment: row.placi_comment,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The figures of a house the Cargo-IMP texts are made of. */
export function houseFigures(row: HouseRow): HouseFigures {
  return {
    serial_number: row.serial_number,
    origin: row.origin,
    destination: row.destination,
    pieces: row.pieces,
    weight_code: weightCodeOf(row.weight_code),
    weight: Number(row.weight),
    manifest_description_of_goods: row.manifest_description_of_goods,
    shcs: row.shcs,
    free_text: row.free_text,
    hs_codes: row.hs_codes,
    shipper: row.shipper ?? null,
    consignee: row.consignee ?? null,
  };
}
