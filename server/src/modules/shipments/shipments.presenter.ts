import type { WaybillListRow, WaybillStatus } from '@aircargo/contract/air-waybill-lists';
import type { ListedWaybill, WaybillBookingRow } from './shipments.repository';

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | null): string | null => (v === null ? null : v.toISOString());

/** The status column: the furthest state the waybill's flags reach (voided above all). */
export function waybillStatus(
  w: Pick<ListedWaybill, 'voided' | 'billed' | 'verified' | 'delivered' | 'departed' | 'issued' | 'booked'>,
): WaybillStatus {
  if (w.voided) return 'voided';
  if (w.billed) return 'billed';
  if (w.verified) return 'verified';
  if (w.delivered) return 'delivered';
  if (w.departed) return 'departed';
  if (w.issued) return 'issued';
  if (w.booked) return 'booked';
  return 'draft';
}

/**
 * The booking whose status the list shows: the newest active one, else the newest (a cancelled or refused one);
 * `list` is oldest first.
 */
function currentBooking(list: readonly WaybillBookingRow[]): WaybillBookingRow | null {
  return list.findLast((b) => b.active) ?? list.at(-1) ?? null;
}

export function presentListRow(w: ListedWaybill, ownBookings: readonly WaybillBookingRow[]): WaybillListRow {
  const current = currentBooking(ownBookings);
  const refused = current && (current.response_status === 'UU' || current.response_status === 'XX');
  return {
    id: w.id,
    date: w.created_at.toISOString(),
    mawb: w.mawb,
    origin: w.origin_iata,
    destination: w.destination_iata,
    carrier: w.carrier,
    airline_id: w.airline_id,
    status: waybillStatus(w),
    flags: {
      booked: w.booked,
      issued: w.issued,
      delivered: w.delivered,
      verified: w.verified,
      billed: w.billed,
      departed: w.departed,
      warning: w.warning,
      voided: w.voided,
    },
    bookings: ownBookings.map((b) => ({
      id: b.id,
      carrier: b.carrier,
      origin: b.origin,
      destination: b.destination,
      response_status: b.response_status,
      active: b.active,
    })),
    pieces: w.pieces,
    weight: num(w.weight),
    volume: num(w.volume),
    chargeable_weight: num(w.charge_weight ?? w.weight),
    product: w.product_type,
    shcs: w.shcs,
    commodity: w.commodity,
    postal: w.postal,
    postal_number: w.postal ? w.mrn : null,
    forwarder: w.forwarder,
    booking_status: current?.response_status ?? w.su_booking_status,
    reason: w.voided ? w.void_reason : refused ? current.response_reason : null,
    payment: w.payment,
    void_payment: w.void_payment,
    flight_date: w.flight_date,
    issued_at: iso(w.issued_at),
    departed_at: iso(w.departed_at),
    billing_date: w.billing_date,
  };
}
