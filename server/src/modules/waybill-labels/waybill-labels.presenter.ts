import { canSendShipperLetter, type ShipperLetterState } from '@aircargo/contract/waybill-labels';
import type { WaybillRow } from './waybill-labels.repository';

/** A stored numeric (kg or m3, three decimals) as printed: trailing zeros dropped, "100.5", "12". */
export function weightText(value: string): string {
  return String(Number(value));
}

export function presentLetterState(w: WaybillRow, sentTo: string[]): ShipperLetterState {
  return {
    id: w.id,
    mawb: w.mawb,
    sli_barcode: w.sli_barcode,
    sli_sent_at: w.sli_sent_at?.toISOString() ?? null,
    sli_accepted: w.sli_accepted,
    sli_answered_at: w.sli_answered_at?.toISOString() ?? null,
    can_send_sli: canSendShipperLetter(w),
    sent_to: sentTo,
  };
}
