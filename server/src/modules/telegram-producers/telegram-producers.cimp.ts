import { type Fsu, generateFsu, isStatusCode, LAYOUTS, parseFsu, type StatusEvent } from '@aircargo/cargo-messages';

/**
 * The FSU of a movement (a status event of an air waybill, issue 14 item 2 "status changes -> FSU"): the waybill's
 * consignment line and one status line. The flight of a flight event (BKD, PRE, MAN, DEP from the airport; RCF, ARR,
 * AWR at it; DIS) is the waybill's leg leaving (or reaching) the movement's airport. The text is parsed back: a status
 * the data cannot express validly (a DEP on a leg without a flight number, a DIS without its discrepancy code) has no
 * FSU, and `fsuOf` answers null rather than sending a telegram the receiver would refuse.
 */

export const FSU_VERSION = 15;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `2026-06-15` (or `2026-06-15T10:30`) as `15JUN`. */
export function dayMonth(isoDate: string): string {
  const [, month = '1', day = ''] = isoDate.slice(0, 10).split('-');
  return `${day}${MONTHS[Number(month) - 1] ?? 'JAN'}`;
}

export interface FsuWaybill {
  mawb: string;
  origin_iata: string;
  destination_iata: string;
  carrier: string;
  pieces: number;
  /** kg, as stored. */
  weight: string | number;
  route_data: readonly {
    origin: string;
    destination: string;
    carrier: string;
    flight: string | null;
    date: string | null;
  }[];
}

export interface FsuMovement {
  location_iata: string;
  status_code: string;
  /** Local time at the airport, `YYYY-MM-DDTHH:MM`. */
  time_local: string | null;
  time_utc: Date;
  pieces: number | null;
  /** kg. */
  weight: string | number | null;
}

const FLIGHT_RE = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/;

/** Statuses that name their flight: without one the line is not a valid status. */
const NEEDS_FLIGHT = new Set(['BKD', 'PRE', 'MAN', 'DEP', 'RCF', 'ARR']);
/** Statuses whose data the movement does not hold (DIS needs its discrepancy code). */
const NOT_EXPRESSIBLE = new Set(['DIS']);

function flightOf(leg: { flight: string | null } | undefined) {
  const m = leg?.flight ? FLIGHT_RE.exec(leg.flight) : null;
  return m ? { carrier: m[1] as string, number: m[2] as string } : undefined;
}

/** The FSU text of the movement, or null when the status cannot be expressed validly from the data. */
export function fsuOf(w: FsuWaybill, m: FsuMovement): string | null {
  if (!isStatusCode(m.status_code) || NOT_EXPRESSIBLE.has(m.status_code)) return null;
  const code = m.status_code;
  const layout = LAYOUTS[code];
  const local = m.time_local ?? m.time_utc.toISOString().slice(0, 16);
  const totalKg = Number(w.weight);
  const pieces = m.pieces ?? w.pieces;
  const kg = m.weight === null ? (pieces === w.pieces ? totalKg : null) : Number(m.weight);
  const quantity = {
    code: pieces === w.pieces ? ('T' as const) : ('P' as const),
    pieces,
    ...(kg === null ? {} : { weight: { unit: 'K' as const, value: Math.round(kg * 10) / 10 } }),
    ...(pieces === w.pieces ? {} : { totalPieces: w.pieces }),
  };
  const leaving = w.route_data.find((l) => l.origin === m.location_iata);
  const reaching = w.route_data.find((l) => l.destination === m.location_iata);
  const event: StatusEvent = { code };
  for (const kind of layout) {
    switch (kind) {
      case 'flight': {
        const leg = layout.includes('pair') ? leaving : (reaching ?? leaving);
        const flight = flightOf(leg);
        if (flight) event.flight = flight;
        break;
      }
      case 'date':
        event.date = dayMonth(leaving?.date ?? local);
        break;
      case 'dt':
        event.date = dayMonth(local);
        event.time = local.slice(11, 16).replace(':', '');
        break;
      case 'pair':
        event.origin = m.location_iata;
        event.destination = leaving?.destination ?? w.destination_iata;
        break;
      case 'airport':
        event.airport = m.location_iata;
        break;
      case 'carrier':
        event.carrier = w.carrier;
        break;
      case 'qty':
        event.quantity = quantity;
        break;
      default:
        break;
    }
  }
  if (NEEDS_FLIGHT.has(code) && !event.flight) return null;
  const fsu: Fsu = {
    type: 'FSU',
    version: FSU_VERSION,
    consignment: {
      awb: w.mawb,
      origin: w.origin_iata,
      destination: w.destination_iata,
      quantity: {
        code: 'T',
        pieces: w.pieces,
        weight: { unit: 'K', value: Math.round(totalKg * 10) / 10 },
      },
    },
    events: [event],
  };
  let text: string;
  try {
    text = generateFsu(fsu);
  } catch {
    return null;
  }
  const back = parseFsu(text);
  return back.issues.some((i) => i.severity === 'error') ? null : text;
}
