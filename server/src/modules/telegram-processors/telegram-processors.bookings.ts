import type { Ffa, Ffr } from '@aircargo/cargo-messages';
import {
  type Booking,
  type BookingCreate,
  bookingChange,
  bookingCreate,
  bookingsQuery,
} from '@aircargo/contract/bookings';
import { type IssueLike, issueMessage, renderMessage } from '@aircargo/contract/messages';
import { AppError } from '../../platform/errors';
import { BookingsService } from '../bookings/bookings.service';
import {
  candidateDates,
  errorText,
  failed,
  flightLabel,
  type LineError,
  lineOf,
  nearest,
  receiverAuth,
  say,
  storedNumber,
  telegramAuth,
} from './telegram-processors.common';
import * as repo from './telegram-processors.repository';
import type { ProcessOutcome, TelegramProcessor } from './telegram-processors.types';

/** Converts the zod check of a booking's fields into per-line errors on the consignment line. */
function inputErrors(issues: readonly (IssueLike & { path: PropertyKey[] })[], line: number | null): LineError[] {
  return issues.map((i) => ({
    line,
    message: `${i.path.map(String).join('.')}: ${renderMessage(issueMessage(i))}`,
  }));
}

/** Weight in kg (Cargo-IMP L is pounds), volume in m3 (CF cubic feet, CI cubic inches, CC cubic centimetres). */
const KG_PER_LB = 0.45359237;
const M3_PER: Record<string, number> = { MC: 1, CF: 0.028316846592, CI: 0.000016387064, CC: 0.000001 };

function kg(w: { unit: 'K' | 'L'; value: number } | undefined): number | undefined {
  if (!w) return undefined;
  return Math.round((w.unit === 'L' ? w.value * KG_PER_LB : w.value) * 10) / 10;
}

/** Dimensions as the booking keeps them: centimetres (Cargo-IMP CMT; INH inches are converted). */
function bookingDimensions(
  m: Ffr,
): { pieces: number; length: number; width: number; height: number; weight?: number }[] {
  const out: { pieces: number; length: number; width: number; height: number; weight?: number }[] = [];
  for (const d of m.dims ?? []) {
    if (!d.size) continue;
    const f = d.size.unit === 'INH' ? 2.54 : d.size.unit === 'MTR' ? 100 : 1;
    const w = kg(d.weight);
    out.push({
      pieces: d.pieces ?? 1,
      length: Math.round(d.size.length * f),
      width: Math.round(d.size.width * f),
      height: Math.round(d.size.height * f),
      ...(w !== undefined ? { weight: w } : {}),
    });
  }
  return out;
}

/**
 * FFR: a booking request. The forwarder is the CUS line's IATA code or CASS address, else the sender's Type B
 * address (envelope origin, else the REF office address) as a forwarder's Cargo-IMP SITA address. Each flight line
 * is a segment (carrier, number, date nearest today, origin, destination). The booking is then made by the bookings
 * service as the forwarder makes it on the web (same checks, same errors), with source `ffr`. A flight not found is an
 * error of its line and nothing is booked (a booking needs all its segments). A further FFR of an AWB the forwarder
 * has an active booking of changes that booking (see changeBooking); the same FFR again is ignored.
 */
export const processFfr: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Ffr;
  const body = ctx.telegram.body;
  const now = ctx.clock.now();
  const awbLine = lineOf(body, m.consignment.awb);
  const sender = ctx.parsed.envelope?.origin ?? m.reference?.officeAddress;
  const forwarder = await repo.findForwarder(tx, {
    iataCode: m.customer?.iataCode,
    cassCode: m.customer?.cassAddress,
    address: sender,
  });
  if (!forwarder) {
    const detail = [m.customer?.iataCode, m.customer?.cassAddress, sender].filter(Boolean).join(', ');
    throw failed([
      { line: lineOf(body, /^CUS\//) ?? lineOf(body, /^REF\//), message: say('forwarderUnknown', detail) },
    ]);
  }
  const errors: LineError[] = [];
  const segmentIds: number[] = [];
  let searchFrom = awbLine ?? 0;
  for (const f of m.flights) {
    const number = storedNumber(f.flight.number);
    const label = flightLabel(f.flight.carrier, f.flight.number, f.date);
    const line = lineOf(body, label, searchFrom);
    if (line !== null) searchFrom = line;
    const dates = candidateDates(f.date, now);
    const rows = await repo.findSegments(tx, {
      carrier: f.flight.carrier,
      number,
      dates,
      origin: f.origin,
      destination: f.destination,
    });
    const hit = nearest(rows, dates);
    if (hit) segmentIds.push(hit.id);
    else errors.push({ line, message: say('flightNotFound', `${label} ${f.origin}-${f.destination}`) });
  }
  if (errors.length) throw failed(errors);

  const q = m.consignment.quantity;
  const input = bookingCreate.safeParse({
    segment_ids: segmentIds,
    mawb: m.consignment.awb,
    pieces: q?.pieces,
    weight: kg(q?.weight),
    volume: q?.volume ? Math.round(q.volume.value * (M3_PER[q.volume.unit] ?? 1) * 1000) / 1000 : undefined,
    ...(q?.densityGroup !== undefined ? { density_group: q.densityGroup } : {}),
    ...(m.consignment.description ? { commodity: m.consignment.description } : {}),
    shcs: m.consignment.shc ?? [],
    dimensions: bookingDimensions(m),
  });
  if (!input.success) throw failed(inputErrors(input.error.issues, awbLine));

  const auth = telegramAuth(ctx, { id: forwarder.id, type: 'forwarder' });
  const bookings = new BookingsService(tx, ctx.clock);
  const existing = await bookings.list(auth, bookingsQuery.parse({ mawb: m.consignment.awb, active: 'true' }));
  const current = existing.data.find((b) => !b.is_history && b.active);
  if (current) return changeBooking(bookings, auth, current, input.data, awbLine);
  let booking: Booking;
  try {
    booking = await bookings.create(auth, { ...input.data, forwarder_id: forwarder.id }, 'ffr');
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw failed([{ line: awbLine, message: errorText(error) }]);
    throw error;
  }
  return {
    status: 'processed',
    result: {
      created: 'booking',
      booking: booking.id,
      mawb: booking.mawb,
      forwarder: forwarder.short_name,
      response_status: booking.response_status,
    },
    errors: [],
    links: { booking_id: booking.id, airline_id: booking.airline_id },
  };
};

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => JSON.stringify(v) === JSON.stringify(b[i]));

/**
 * A further FFR of an AWB the forwarder has an active booking of: the booking is changed to the FFR's segments and
 * cargo through the bookings service (judged again like a change on the web); the same figures again are ignored.
 */
async function changeBooking(
  bookings: BookingsService,
  auth: ReturnType<typeof telegramAuth>,
  current: Booking,
  input: BookingCreate,
  awbLine: number | null,
): Promise<ProcessOutcome> {
  const links = { booking_id: current.id, airline_id: current.airline_id };
  const same =
    sameList(
      current.segments.map((s) => s.segment_id),
      input.segment_ids,
    ) &&
    current.pieces === input.pieces &&
    current.weight === input.weight &&
    current.volume === input.volume &&
    sameList([...current.shcs].sort(), [...input.shcs].sort()) &&
    sameList(current.dimensions, input.dimensions);
  if (same) {
    return {
      status: 'ignored',
      result: {
        booking: current.id,
        mawb: current.mawb,
        response_status: current.response_status,
        reason: 'already booked',
      },
      errors: [],
      links,
    };
  }
  const change = bookingChange.parse({
    segment_ids: input.segment_ids,
    pieces: input.pieces,
    weight: input.weight,
    volume: input.volume,
    shcs: input.shcs,
    dimensions: input.dimensions,
    ...(input.density_group !== undefined ? { density_group: input.density_group } : {}),
    ...(input.commodity !== undefined ? { commodity: input.commodity } : {}),
  });
  let after: Booking;
  try {
    after = await bookings.change(auth, current.id, change);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw failed([{ line: awbLine, message: errorText(error) }]);
    throw error;
  }
  return {
    status: 'processed',
    result: { changed: 'booking', booking: after.id, mawb: after.mawb, response_status: after.response_status },
    errors: [],
    links,
  };
}

/** FFA space allocation codes and what they make of a booking. */
const CONFIRMING = new Set(['KK', 'HK', 'SS', 'CA']);
const REFUSING = new Set(['UU', 'UN', 'NO']);
const CANCELLING = new Set(['XX', 'CN', 'HX']);

/**
 * FFA: the airline's answer to a booking request, found by the AWB number (an active booking of it, on the FFA's
 * segments if several). KK (and HK, SS, CA) confirm a waiting booking (KK), UU/UN refuse it (UU), XX/CN cancel it; the
 * bookings service's state machine decides what is allowed. A booking already in the answered state is ignored.
 * Wait-list and other codes change nothing and are reported.
 */
export const processFfa: TelegramProcessor = async (tx, ctx): Promise<ProcessOutcome> => {
  const m = ctx.parsed.message as Ffa;
  const body = ctx.telegram.body;
  const awbLine = lineOf(body, m.consignment.awb);
  const auth = receiverAuth(ctx);
  const bookings = new BookingsService(tx, ctx.clock);
  const found = await bookings.list(auth, bookingsQuery.parse({ mawb: m.consignment.awb, per_page: 100 }));
  const candidates = found.data.filter((b) => !b.is_history);
  if (candidates.length === 0) {
    throw failed([{ line: awbLine, message: say('bookingNotFound', m.consignment.awb) }]);
  }
  const first = m.flights[0];
  const onRoute = candidates.filter(
    (b) =>
      first === undefined ||
      (b.segment.carrier === first.flight.carrier &&
        b.segment.number_with_date.startsWith(`${first.flight.carrier}${storedNumber(first.flight.number)}/`) &&
        b.segment.origin === first.origin),
  );
  const pool = onRoute.length ? onRoute : candidates;
  const booking = pool.find((b) => b.active) ?? (pool[0] as Booking);
  const codes = m.flights.map((f) => f.status);
  const code = codes.find((c) => CANCELLING.has(c)) ?? codes.find((c) => REFUSING.has(c)) ?? codes[0] ?? '';
  const links = { booking_id: booking.id, airline_id: booking.airline_id };
  const done = (status: ProcessOutcome['status'], result: Record<string, unknown>): ProcessOutcome => ({
    status,
    result: { booking: booking.id, mawb: booking.mawb, answer: code, ...result },
    errors: [],
    links,
  });
  const flightLine = lineOf(body, new RegExp(`/${code}(/|$)`), awbLine ?? 0);
  const apply = async (fn: () => Promise<Booking>): Promise<Booking> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        throw failed([{ line: flightLine, message: errorText(error) }]);
      throw error;
    }
  };
  if (CANCELLING.has(code)) {
    if (!booking.active)
      return done('ignored', { response_status: booking.response_status, reason: 'already cancelled' });
    const after = await apply(() => bookings.cancel(auth, booking.id));
    return done('processed', { response_status: after.response_status });
  }
  const target = CONFIRMING.has(code) ? 'KK' : REFUSING.has(code) ? 'UU' : null;
  if (target === null) {
    return {
      status: 'ignored',
      result: { booking: booking.id, mawb: booking.mawb, answer: code, response_status: booking.response_status },
      errors: [
        {
          line: flightLine,
          message: say('oneOf', code, { values: [...CONFIRMING, ...REFUSING, ...CANCELLING].join(', ') }),
        },
      ],
      links,
    };
  }
  if (booking.response_status === target) {
    return done('ignored', { response_status: booking.response_status, reason: 'already in that state' });
  }
  if (!booking.active) throw failed([{ line: flightLine, message: say('bookingCancelled') }]);
  const reason = m.osi?.join(' ') || m.ssr?.join(' ') || null;
  const after = await apply(() =>
    bookings.setStatus(auth, booking.id, { response_status: target, response_reason: reason }),
  );
  return done('processed', { response_status: after.response_status });
};
