import { BOOKING_SOURCES, type Booking, type BookingSegment, type BookingWarning } from '@aircargo/contract/bookings';
import { type MessageKey, renderMessage } from '@aircargo/contract/messages';
import type { ResponseStatus } from '@aircargo/domain/booking-rules';
import { numberWithDate } from '../flights/flights.presenter';
import type { BookingSegmentRow, ListedBooking, SegmentInfo } from './bookings.repository';

export type Warnings = { code: BookingWarning['code']; key: MessageKey; segment: number | null }[];

export function numberWithDateOf(s: Pick<SegmentInfo, 'carrier' | 'number' | 'flight_date'>): string {
  return numberWithDate(s.carrier, s.number, s.flight_date);
}

function presentSegment(l: BookingSegmentRow, s: SegmentInfo | undefined): BookingSegment {
  return {
    segment_id: l.segment_id,
    number_with_date: s ? numberWithDateOf(s) : '',
    carrier: s?.carrier ?? '',
    airline_id: l.airline_id,
    origin: s?.origin ?? '',
    destination: s?.destination ?? '',
    std: s ? s.std.toISOString() : '',
    sta: s ? s.sta.toISOString() : '',
    allotment_id: l.allotment_id,
    allotment_weight: Number(l.allotment_weight),
    allotment_volume: Number(l.allotment_volume),
  };
}

export function presentBooking(
  { booking: b, forwarder }: ListedBooking,
  links: readonly BookingSegmentRow[],
  info: Map<number, SegmentInfo>,
  warnings: Warnings,
): Booking {
  const segments = links.map((l) => presentSegment(l, info.get(l.segment_id)));
  return {
    id: b.id,
    version: b.version,
    forwarder,
    airline_id: b.airline_id,
    carrier: b.carrier,
    mawb: b.mawb,
    parts_code: b.parts_code,
    origin: b.origin,
    destination: b.destination,
    pieces: b.pieces,
    weight: Number(b.weight),
    weight_code: 'K',
    volume: Number(b.volume),
    volume_code: 'MC',
    density_group: b.density_group,
    commodity: b.commodity,
    shcs: b.shcs,
    dimensions: b.dimensions,
    segment: segments[0] as BookingSegment,
    segments,
    request_status: b.request_status as ResponseStatus,
    response_status: b.response_status as ResponseStatus,
    response_reason: b.response_reason,
    source: (BOOKING_SOURCES as readonly string[]).includes(b.source) ? (b.source as Booking['source']) : 'system',
    effective: b.effective,
    active: b.active,
    is_history: false,
    warnings: warnings.map((w) => ({
      code: w.code,
      message: renderMessage({ key: w.key, params: {} }),
      message_key: { key: w.key, params: {} },
      segment_id: w.segment,
    })),
    touched_at: b.touched_at ? b.touched_at.toISOString() : null,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

/** A history row: the booking as it was at that version, marked `is_history`. */
export function presentHistory(row: { snapshot: Record<string, unknown> }): Booking {
  return { ...(row.snapshot as unknown as Booking), is_history: true };
}
