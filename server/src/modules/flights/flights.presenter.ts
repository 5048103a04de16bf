import type { changeLog, FlightLeg, Segment, SegmentLoad } from '@aircargo/contract/flights';
import { type Capacity, loadFactor } from '@aircargo/domain/capacity';
import { utcOffsetMinutes } from '@aircargo/domain/time';
import type { z } from 'zod';
import type { ChangeChannel } from '../../platform/change-log';
import type { LegWithZones, ListedSegment } from './flights.repository';

/** A UTC instant as the API writes it: `2026-03-29T01:30:00Z`. */
export function isoUtc(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isoUtcOrNull(at: Date | null): string | null {
  return at ? isoUtc(at) : null;
}

/**
 * The wall-clock time at the airport with the offset in force there: `2026-03-29T03:30:00+02:00`. The wall-clock time
 * is the instant moved by that offset (what utcToLocal computes), so one zone lookup serves both: a list page writes
 * hundreds of these.
 */
export function isoLocal(at: Date, zone: string): string {
  const offset = utcOffsetMinutes(at, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  const wall = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 16);
  return `${wall}:00${sign}${hh}:${mm}`;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "SU1234/23NOV", as telegrams write a flight and its date. */
export function numberWithDate(carrier: string, number: string, flightDate: string): string {
  return `${carrier}${number}/${flightDate.slice(8, 10)}${MONTHS[Number(flightDate.slice(5, 7)) - 1]}`;
}

/**
 * Load figures: booked is what the segment's effective bookings hold (0 where none is given, e.g. per leg); actual
 * is 0 until the handling data exists, and the estimate is the booked figure.
 */
export function presentLoad(capacity: Capacity, booked = { weight: 0, volume: 0 }): SegmentLoad {
  return {
    capacity_weight: capacity.weight,
    capacity_volume: capacity.volume,
    capacity_source: capacity.source,
    estimated_weight: booked.weight,
    estimated_volume: booked.volume,
    booked_weight: booked.weight,
    booked_volume: booked.volume,
    actual_weight: 0,
    actual_volume: 0,
    load_factor_weight: loadFactor(booked.weight, capacity.weight),
    load_factor_volume: loadFactor(booked.volume, capacity.volume),
  };
}

export function presentLeg(l: LegWithZones): FlightLeg {
  const leg = l.leg;
  return {
    id: leg.id,
    sequence: leg.sequence,
    origin: leg.origin,
    destination: leg.destination,
    aircraft_type: leg.aircraft_type,
    aircraft_reg: leg.aircraft_reg,
    std: isoUtc(leg.std),
    sta: isoUtc(leg.sta),
    std_local: isoLocal(leg.std, l.origin_timezone),
    sta_local: isoLocal(leg.sta, l.destination_timezone),
    etd: isoUtcOrNull(leg.etd),
    eta: isoUtcOrNull(leg.eta),
    atd: isoUtcOrNull(leg.atd),
    ata: isoUtcOrNull(leg.ata),
    canceled: leg.canceled,
  };
}

/**
 * Bookable now: not cancelled, sales not closed, and now inside the sales window of the airline's sales_open_rules when
 * there is one. Sales opened by hand (sales_manual) ignore the window: a person's decision outranks the automatic rule.
 */
export function isAvailable(
  s: Pick<ListedSegment['segment'], 'canceled' | 'sales_closed' | 'sales_manual' | 'sales_open_at' | 'sales_close_at'>,
  now: Date,
): boolean {
  if (s.canceled || s.sales_closed) return false;
  if (s.sales_manual) return true;
  if (s.sales_open_at && now < s.sales_open_at) return false;
  if (s.sales_close_at && now >= s.sales_close_at) return false;
  return true;
}

export function presentSegment(
  row: ListedSegment,
  flightLegs: readonly LegWithZones[],
  capacity: Capacity,
  now: Date,
  booked?: { weight: number; volume: number },
): Segment {
  const s = row.segment;
  const legs = flightLegs.filter((l) => l.leg.sequence >= s.first_leg && l.leg.sequence <= s.last_leg);
  const first = legs[0]?.leg;
  const last = legs[legs.length - 1]?.leg;
  return {
    id: s.id,
    flight_id: s.flight_id,
    airline_id: s.airline_id,
    carrier: s.carrier,
    number: s.number,
    segment_number: `${s.carrier}${s.number}`,
    number_with_date: numberWithDate(s.carrier, s.number, s.flight_date),
    flight_date: s.flight_date,
    origin: s.origin,
    destination: s.destination,
    origin_timezone: row.origin_timezone,
    destination_timezone: row.destination_timezone,
    legs: legs.map(presentLeg),
    aircraft_type: first?.aircraft_type ?? null,
    aircraft_reg: first?.aircraft_reg ?? null,
    segment_type: row.segment_type as Segment['segment_type'],
    std: isoUtc(s.std),
    sta: isoUtc(s.sta),
    std_local: isoLocal(s.std, row.origin_timezone),
    sta_local: isoLocal(s.sta, row.destination_timezone),
    etd: isoUtcOrNull(first?.etd ?? null),
    eta: isoUtcOrNull(last?.eta ?? null),
    atd: isoUtcOrNull(first?.atd ?? null),
    ata: isoUtcOrNull(last?.ata ?? null),
    available: isAvailable(s, now),
    sales_closed: s.sales_closed,
    sales_open_at: isoUtcOrNull(s.sales_open_at),
    sales_close_at: isoUtcOrNull(s.sales_close_at),
    canceled: s.canceled,
    locked: s.locked,
    aci_required: row.aci_required,
    schedule_status: row.schedule_status,
    schedule_id: row.schedule_id,
    notation: row.notation,
    load: presentLoad(capacity, booked),
    created_at: isoUtc(s.created_at),
    updated_at: isoUtc(s.updated_at),
  };
}

export type ChangeLogJson = z.infer<typeof changeLog>;

export function presentChangeLog(row: {
  log: {
    id: number;
    record_type: string;
    record_id: number;
    channel: string;
    user_id: number | null;
    change_set: Record<string, [unknown, unknown]>;
    created_at: Date;
  };
  user_email: string | null;
}): ChangeLogJson {
  return {
    id: row.log.id,
    record_type: row.log.record_type,
    record_id: row.log.record_id,
    channel: row.log.channel as ChangeChannel,
    user_id: row.log.user_id,
    user_email: row.user_email,
    change_set: row.log.change_set,
    created_at: isoUtc(row.log.created_at),
  };
}
