import type { Fbl, FblConsignment, Ffm, FfmConsignment, Uws } from '@aircargo/cargo-messages';
import type { Db } from '../../platform/db';
import {
  candidateDates,
  failed,
  flightLabel,
  type LineError,
  lineOf,
  nearest,
  say,
  sha256,
  storedNumber,
} from './telegram-processors.common';
import * as repo from './telegram-processors.repository';
import type { ProcessOutcome, TelegramContext, TelegramProcessor } from './telegram-processors.types';

/** The flight a document is about: carrier, number, day-month and a station the flight leaves from (or reaches). */
export interface FlightRef {
  carrier: string;
  number: string;
  date: string;
  station: string;
  at: repo.StationAt;
}

/**
 * The dated flight and leg of a document; a flight not on the platform (or, for an airline's intake, not its own) fails
 * the telegram with its line.
 */
export async function flightOf(tx: Db, ctx: TelegramContext, ref: FlightRef): Promise<repo.LegMatch> {
  const dates = candidateDates(ref.date, ctx.clock.now());
  const rows = await repo.findLegs(tx, {
    carrier: ref.carrier,
    number: storedNumber(ref.number),
    dates,
    station: ref.station,
    at: ref.at,
  });
  // An airline's intake reaches its own flights only; the platform's any carrier's.
  const own =
    ctx.receiver.companyType === 'airline' ? rows.filter((r) => r.airline_id === ctx.receiver.companyId) : rows;
  const hit = nearest(own, dates);
  if (!hit) {
    const label = flightLabel(ref.carrier, ref.number, ref.date);
    throw failed([
      {
        line: lineOf(ctx.telegram.body, `${ref.carrier}${ref.number}/`) ?? lineOf(ctx.telegram.body, ref.number),
        message: say('flightNotFound', `${label} ${ref.station}`),
      },
    ]);
  }
  return hit;
}

/**
 * Stores a flight document for the telegram, once: the same telegram again (a restart) with the same content on the
 * same flight is ignored, a corrected one replaces its document; the same content that came as another telegram is
 * ignored too. Answers whether it wrote.
 */
export async function storeDocument(
  tx: Db,
  ctx: TelegramContext,
  doc: {
    flight: repo.LegMatch;
    station: string | null;
    part: number | null;
    lastPart: boolean | null;
    summary: Record<string, unknown>;
  },
): Promise<{ written: boolean; documentId: number; duplicateOfTelegram?: number }> {
  const hash = sha256(ctx.telegram.body);
  const values = {
    flight_id: doc.flight.flight_id,
    airline_id: doc.flight.airline_id,
    message_type: ctx.telegram.message_type,
    station: doc.station,
    part: doc.part,
    last_part: doc.lastPart,
    content_hash: hash,
    summary: doc.summary,
  };
  const own = await repo.documentOfTelegram(tx, ctx.telegram.id);
  if (own) {
    if (own.content_hash === hash && own.flight_id === doc.flight.flight_id)
      return { written: false, documentId: own.id };
    const row = await repo.replaceDocument(tx, own.id, values);
    return { written: true, documentId: row.id };
  }
  const same = await repo.sameDocument(tx, {
    flightId: doc.flight.flight_id,
    messageType: ctx.telegram.message_type,
    contentHash: hash,
    exceptTelegramId: ctx.telegram.id,
  });
  if (same) return { written: false, documentId: same.id, duplicateOfTelegram: same.telegram_id };
  const row = await repo.insertDocument(tx, { ...values, telegram_id: ctx.telegram.id });
  return { written: true, documentId: row.id };
}

/** The part number (the sequence before the flight on the header line) and whether the text ends LAST or CONT. */
export function partOf(body: string, type: 'FFM' | 'FBL'): { part: number | null; last: boolean | null } {
  const lines = body
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim().toUpperCase())
    .filter(Boolean);
  const smi = lines.findIndex((l) => l === type || l.startsWith(`${type}/`));
  const header = smi >= 0 ? /^(\d{1,3})\//.exec(lines[smi + 1] ?? '') : null;
  const ends = lines.filter((l) => l === 'LAST' || l === 'CONT');
  const end = ends[ends.length - 1];
  return { part: header ? Number(header[1]) : null, last: end === undefined ? null : end === 'LAST' };
}

interface AwbEntry {
  awb: string;
  origin: string | null;
  destination: string | null;
  pieces: number | null;
  weight: number | null;
  unloading: string;
  uld: string | null;
  shc: string[];
}

const KG_PER_LB = 0.45359237;

function entryOf(c: FfmConsignment | FblConsignment, unloading: string, uld: string | null): AwbEntry {
  const w = c.quantity?.weight;
  return {
    awb: c.awb,
    origin: c.origin ?? null,
    destination: c.destination ?? null,
    pieces: c.quantity?.pieces ?? null,
    weight: w ? Math.round((w.unit === 'L' ? w.value * KG_PER_LB : w.value) * 10) / 10 : null,
    unloading,
    uld,
    shc: c.shc ?? [],
  };
}

function totals(awbs: readonly AwbEntry[]): { awbs: number; pieces: number; weight: number } {
  return {
    awbs: new Set(awbs.map((a) => a.awb)).size,
    pieces: awbs.reduce((n, a) => n + (a.pieces ?? 0), 0),
    weight: Math.round(awbs.reduce((n, a) => n + (a.weight ?? 0), 0) * 10) / 10,
  };
}

/** Per-line errors for the AWBs of a document that are not on the platform; the ids of those that are. */
async function checkWaybills(
  tx: Db,
  ctx: TelegramContext,
  awbs: readonly AwbEntry[],
): Promise<{ errors: LineError[]; known: Map<string, number> }> {
  const known = await repo.existingWaybills(
    tx,
    awbs.map((a) => a.awb),
  );
  const errors: LineError[] = [];
  const reported = new Set<string>();
  for (const a of awbs) {
    if (known.has(a.awb) || reported.has(a.awb)) continue;
    reported.add(a.awb);
    errors.push({ line: lineOf(ctx.telegram.body, a.awb), message: say('shipmentNotFound', a.awb) });
  }
  return { errors, known };
}

async function manifestDocument(
  tx: Db,
  ctx: TelegramContext,
  m: { header: { flight: { carrier: string; number: string }; date: string; loadingAirport: string } },
  awbs: AwbEntry[],
  extra: Record<string, unknown>,
  type: 'FFM' | 'FBL',
): Promise<ProcessOutcome> {
  const flight = await flightOf(tx, ctx, {
    carrier: m.header.flight.carrier,
    number: m.header.flight.number,
    date: m.header.date,
    station: m.header.loadingAirport,
    at: 'origin',
  });
  const { errors, known } = await checkWaybills(tx, ctx, awbs);
  const { part, last } = partOf(ctx.telegram.body, type);
  const summary = {
    flight: flightLabel(m.header.flight.carrier, m.header.flight.number, m.header.date),
    flight_date: flight.flight_date,
    loading_airport: m.header.loadingAirport,
    ...extra,
    totals: totals(awbs),
    awbs: awbs.map((a) => ({ ...a, air_waybill_id: known.get(a.awb) ?? null })),
  };
  const stored = await storeDocument(tx, ctx, {
    flight,
    station: m.header.loadingAirport,
    part,
    lastPart: last,
    summary,
  });
  const result = {
    document: stored.documentId,
    type,
    flight: summary.flight,
    part,
    last_part: last,
    ...summary.totals,
    ...(stored.duplicateOfTelegram !== undefined ? { duplicate_of_telegram: stored.duplicateOfTelegram } : {}),
  };
  const links = { flight_id: flight.flight_id, airline_id: flight.airline_id };
  if (!stored.written) return { status: 'ignored', result, errors: [], links };
  // The document is stored either way; AWBs not on the platform make it partial.
  return {
    status: errors.length === 0 ? 'processed' : 'partially_processed',
    result,
    errors,
    links,
  };
}

/**
 * FFM: the flight manifest, stored on the flight with its AWBs (unloading point, ULD, pieces, weight) and totals. The
 * waybill model has no "manifested" flag, so the AWBs are only linked (by id in the summary); AWBs not on the platform
 * are per-line errors. A multi-part FFM sent as several telegrams is one document per part (part, last_part).
 */
export const processFfm: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Ffm;
  const awbs: AwbEntry[] = [];
  const ulds: { id: string; unloading: string; awbs: number }[] = [];
  for (const u of m.unloading) {
    for (const c of u.consignments) awbs.push(entryOf(c, u.airport, null));
    for (const uld of u.ulds) {
      ulds.push({ id: uld.id, unloading: u.airport, awbs: uld.consignments.length });
      for (const c of uld.consignments) awbs.push(entryOf(c, u.airport, uld.id));
    }
  }
  const extra = {
    registration: m.header.registration ?? null,
    unloading: m.unloading.map((u) => ({ airport: u.airport, nil: u.nil === true })),
    ulds,
  };
  return manifestDocument(tx, ctx, m, awbs, extra, 'FFM');
};

/** FBL: the booking list of the flight, stored like the manifest (its AWBs with ULD bookings). */
export const processFbl: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Fbl;
  const awbs: AwbEntry[] = [];
  const ulds: { id: string; unloading: string; awb: string }[] = [];
  for (const u of m.unloading) {
    for (const c of u.consignments) {
      awbs.push(entryOf(c, u.airport, null));
      for (const b of c.ulds?.ulds ?? []) ulds.push({ id: b.id, unloading: u.airport, awb: c.awb });
    }
  }
  const extra = { unloading: m.unloading.map((u) => ({ airport: u.airport, nil: u.nil === true })), ulds };
  return manifestDocument(tx, ctx, m, awbs, extra, 'FBL');
};

/** UWS: the ULD/bulk weight statement of the flight at the station, stored with its ULDs and totals. */
export const processUws: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Uws;
  const flight = await flightOf(tx, ctx, {
    carrier: m.flight.carrier,
    number: m.flight.number,
    date: m.date,
    station: m.station,
    at: 'origin',
  });
  const weight = [...m.ulds, ...m.bulk].reduce((n, u) => n + u.weight, 0);
  const summary = {
    flight: flightLabel(m.flight.carrier, m.flight.number, m.date),
    flight_date: flight.flight_date,
    station: m.station,
    ulds: m.ulds.map((u) => ({
      id: u.id,
      destination: u.destination,
      weight: u.weight,
      category: u.category,
      remarks: u.remarks ?? [],
    })),
    bulk: m.bulk.map((b) => ({
      destination: b.destination,
      weight: b.weight,
      category: b.category,
      remarks: b.remarks ?? [],
    })),
    si: m.si ?? [],
    totals: { ulds: m.ulds.length, bulk: m.bulk.length, weight },
  };
  const stored = await storeDocument(tx, ctx, { flight, station: m.station, part: null, lastPart: null, summary });
  return {
    status: stored.written ? 'processed' : 'ignored',
    result: {
      document: stored.documentId,
      type: 'UWS',
      flight: summary.flight,
      ...summary.totals,
      ...(stored.duplicateOfTelegram !== undefined ? { duplicate_of_telegram: stored.duplicateOfTelegram } : {}),
    },
    errors: [],
    links: { flight_id: flight.flight_id, airline_id: flight.airline_id },
  };
};
