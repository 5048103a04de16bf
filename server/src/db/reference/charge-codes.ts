import type { chargeCodes } from '../schema';

export type ChargeCodeRow = typeof chargeCodes.$inferInsert;

/**
 * IATA other-charge codes of the air waybill (Cargo-IMP OTH line, TACT), each with the party it is usually due to:
 * A agent, C carrier. The due party is the default a new rate line takes; a rate line may still say otherwise.
 */
export const CHARGE_CODES: readonly ChargeCodeRow[] = [
  { code: 'AC', description: 'Animal container', due: 'C' },
  { code: 'AS', description: 'Assembly service fee', due: 'A' },
  { code: 'AT', description: 'Attendant', due: 'C' },
  { code: 'AW', description: 'Air waybill fee', due: 'C' },
  { code: 'BL', description: 'Blacklist certificate', due: 'A' },
  { code: 'BR', description: 'Bank release', due: 'A' },
  { code: 'CD', description: 'Clearance and handling - destination', due: 'A' },
  { code: 'CH', description: 'Clearance and handling - origin', due: 'A' },
  { code: 'DB', description: 'Disbursement fee', due: 'C' },
  { code: 'DF', description: 'Distribution service fee', due: 'A' },
  { code: 'FC', description: 'Charges collect fee', due: 'C' },
  { code: 'GT', description: 'Government tax', due: 'C' },
  { code: 'HR', description: 'Human remains', due: 'C' },
  { code: 'IN', description: 'Insurance premium', due: 'A' },
  { code: 'LA', description: 'Live animals', due: 'C' },
  { code: 'MA', description: 'Miscellaneous charges', due: 'A' },
  { code: 'MY', description: 'Fuel surcharge', due: 'C' },
  { code: 'PK', description: 'Packaging', due: 'A' },
  { code: 'PU', description: 'Pick-up', due: 'A' },
  { code: 'RA', description: 'Dangerous goods fee', due: 'C' },
  { code: 'RF', description: 'Remit following collection fee', due: 'C' },
  { code: 'SC', description: 'Security charge', due: 'C' },
  { code: 'SD', description: 'Surface charge - destination', due: 'A' },
  { code: 'SI', description: 'Stop in transit', due: 'C' },
  { code: 'SO', description: 'Storage - origin', due: 'A' },
  { code: 'SR', description: 'Storage - destination', due: 'A' },
  { code: 'SS', description: 'Signature service', due: 'C' },
  { code: 'SU', description: 'Surface charge', due: 'A' },
  { code: 'TR', description: 'Transit', due: 'C' },
  { code: 'TX', description: 'Taxes', due: 'C' },
  { code: 'UB', description: 'Unaccompanied baggage', due: 'C' },
  { code: 'UH', description: 'ULD handling', due: 'C' },
];
