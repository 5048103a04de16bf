import type { AwbAlertCode } from '@aircargo/contract/waybill-lifecycle';

/**
 * The warnings of seed 001 section 8 that apply to an air waybill, judged from the waybill and a few facts around it.
 * Pure: the service gathers the facts in the transition's transaction and stores the answer as alert rows.
 */

/** SHCs marking an electronic air waybill (e-AWB without / with pouch, e-AWB under contract). */
export const EAWB_SHCS = ['EAW', 'EAP', 'ECC'] as const;

export interface AlertInput {
  issued: boolean;
  voided: boolean;
  weight: string;
  shcs: readonly string[];
  forwarderAccount: string | null;
  /** Weights of the waybill's active bookings. */
  bookingWeights: readonly string[];
  numberAssigned: boolean;
  forwarderIataCode: string | null;
  cancelledSegment: boolean;
  /** An active DIS (discrepancy) movement is on the waybill. */
  discrepancy: boolean;
}

/** Digits and letters only, upper case: "12-3 4567/0001" and "1234567/0001" compare alike. */
const normalized = (code: string) => code.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** Decimal weights compared to the gram (numeric(12,3) text). */
const grams = (kg: string) => Math.round(Number(kg) * 1000);

export function alertCodes(w: AlertInput): AwbAlertCode[] {
  // A voided waybill travels nowhere: nothing about it needs attention.
  if (w.voided) return [];
  const out: AwbAlertCode[] = [];
  // "Missing eAWB": an issued waybill without an e-AWB code needs the paper original to travel with the cargo.
  if (w.issued && !w.shcs.some((c) => (EAWB_SHCS as readonly string[]).includes(c))) out.push('missing_eawb');
  // "Weight differs from AWB": a booking of the waybill holds another weight.
  if (w.bookingWeights.some((b) => grams(b) !== grams(w.weight))) out.push('awb_weight_differs');
  // "MAWB not assigned to company": no stock range handed to the forwarder holds the number.
  if (!w.numberAssigned) out.push('mawb_not_assigned');
  // "Forwarder IATA mismatch": the agent account on the waybill is not the forwarder's IATA code.
  if (w.forwarderAccount && w.forwarderIataCode) {
    const account = normalized(w.forwarderAccount);
    const iata = normalized(w.forwarderIataCode);
    if (iata.length > 0 && !account.startsWith(iata)) out.push('forwarder_iata_mismatch');
  }
  // "Cancelled flight or segment": a leg of its route or a segment of its bookings is cancelled.
  if (w.cancelledSegment) out.push('cancelled_flight');
  // "DIS statuses": a discrepancy reported by a status message or a movement, until that movement is deactivated.
  if (w.discrepancy) out.push('dis_status');
  return out;
}
