import type { AhmTime, Cpm, Ldm, Mvt, Ucm } from '@aircargo/cargo-messages';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { FlightsService } from '../flights/flights.service';
import { errorText, failed, flightLabel, lineOf, receiverAuth } from './telegram-processors.common';
import { type FlightRef, flightOf, storeDocument } from './telegram-processors.documents';
import * as repo from './telegram-processors.repository';
import type { ProcessOutcome, TelegramContext, TelegramProcessor } from './telegram-processors.types';

/**
 * The AHM load-control telegrams (MVT AHM 780, LDM AHM 583, CPM AHM 587, UCM AHM 388), attached to the dated flight
 * as flight documents with their parsed content. The flight line gives carrier, number and the day of the month (or
 * DDMMM), taken as the flight date nearest today; the station picks the leg. MVT's actual and estimated times are also
 * written on the leg through the flights service (off-block as ATD, on-block as ATA, ED/EA as ETD/ETA).
 */

type AhmFlightOf = { carrier: string; number: string; day?: number | undefined; date?: string | undefined };

function dayMonth(f: AhmFlightOf, now: Date): string {
  if (f.date) return f.date;
  return String(f.day ?? now.getUTCDate()).padStart(2, '0');
}

function refOf(ctx: TelegramContext, f: AhmFlightOf, station: string | undefined, at: FlightRef['at']): FlightRef {
  return {
    carrier: f.carrier,
    number: f.number,
    date: dayMonth(f, ctx.clock.now()),
    station: station ?? '',
    at: station ? at : 'none',
  };
}

/**
 * The instant of an AHM time (HHMM, or DDHHMM, UTC) near a scheduled one: the given day (or the scheduled day, the
 * day before or after) nearest to `near`.
 */
export function instantNear(t: AhmTime, near: Date): Date {
  const hh = Number(t.time.slice(0, 2));
  const mm = Number(t.time.slice(2, 4));
  const candidates: Date[] = [];
  for (const delta of [-1, 0, 1]) {
    if (t.day !== undefined) {
      const d = new Date(Date.UTC(near.getUTCFullYear(), near.getUTCMonth() + delta, t.day, hh, mm));
      if (d.getUTCDate() === t.day) candidates.push(d);
    } else {
      candidates.push(new Date(Date.UTC(near.getUTCFullYear(), near.getUTCMonth(), near.getUTCDate() + delta, hh, mm)));
    }
  }
  return candidates.reduce((best, d) =>
    Math.abs(d.getTime() - near.getTime()) < Math.abs(best.getTime() - near.getTime()) ? d : best,
  );
}

const wall = (d: Date): string => d.toISOString().slice(0, 16);

/** The leg times an MVT reports: AD off-block -> atd, AA on-block (or touchdown alone) -> ata, ED -> etd, EA -> eta. */
export function mvtTimes(m: Mvt, scheduled: { std: Date; sta: Date }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const mv of m.movements) {
    const first = mv.times[0];
    const last = mv.times[mv.times.length - 1];
    if (!first || !last) continue;
    if (mv.code === 'AD') out.atd = wall(instantNear(first, scheduled.std));
    else if (mv.code === 'AA') out.ata = wall(instantNear(last, scheduled.sta));
    else if (mv.code === 'ED' || mv.code === 'EO') out.etd = wall(instantNear(first, scheduled.std));
    else if (mv.code === 'EA' || mv.code === 'EB') out.eta = wall(instantNear(first, scheduled.sta));
  }
  return out;
}

function mvtSummary(m: Mvt, scheduled: { std: Date; sta: Date } | null): Record<string, unknown> {
  return {
    station: m.station,
    origin: m.origin ?? null,
    destination: m.destination ?? null,
    registration: m.registration ?? null,
    correction: m.correction === true,
    movements: m.movements.map((mv) => ({
      code: mv.code,
      times: mv.times.map((t) =>
        scheduled
          ? wall(
              instantNear(t, mv.code === 'AA' || mv.code === 'EA' || mv.code === 'EB' ? scheduled.sta : scheduled.std),
            )
          : t.time,
      ),
      station: mv.station ?? null,
    })),
    delays: m.delays?.map((d) => ({ codes: d.codes, durations: d.durations })) ?? [],
    pax: m.pax ?? null,
    si: m.si ?? [],
  };
}

async function attach(
  tx: Db,
  ctx: TelegramContext,
  flight: repo.LegMatch,
  f: AhmFlightOf,
  station: string | null,
  summary: Record<string, unknown>,
): Promise<{ outcome: ProcessOutcome; written: boolean }> {
  const label = flightLabel(f.carrier, f.number, dayMonth(f, ctx.clock.now()));
  const stored = await storeDocument(tx, ctx, {
    flight,
    station,
    part: null,
    lastPart: null,
    summary: { flight: label, flight_date: flight.flight_date, leg: flight.sequence, ...summary },
  });
  return {
    written: stored.written,
    outcome: {
      status: stored.written ? 'processed' : 'ignored',
      result: {
        document: stored.documentId,
        type: ctx.telegram.message_type,
        flight: label,
        flight_date: flight.flight_date,
        ...(stored.duplicateOfTelegram !== undefined ? { duplicate_of_telegram: stored.duplicateOfTelegram } : {}),
      },
      errors: [],
      links: { flight_id: flight.flight_id, airline_id: flight.airline_id },
    },
  };
}

export const processMvt: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Mvt;
  const ref = m.origin
    ? refOf(ctx, m.flight, m.origin, 'origin')
    : refOf(ctx, m.flight, m.destination ?? m.station, 'destination');
  const flight = await flightOf(tx, ctx, ref);
  const scheduled = await repo.legTimes(tx, flight.leg_id);
  const { outcome, written } = await attach(tx, ctx, flight, m.flight, m.station, mvtSummary(m, scheduled));
  if (!written || !scheduled) return outcome;
  const times = mvtTimes(m, scheduled);
  if (Object.keys(times).length === 0) return outcome;
  const segmentId = await repo.segmentOfLeg(tx, flight.flight_id, flight.sequence);
  if (segmentId === null) return outcome;
  try {
    await new FlightsService(tx, ctx.clock).update(receiverAuth(ctx), segmentId, {
      time_mode: 'utc',
      legs: [{ sequence: flight.sequence, ...times }],
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const line = lineOf(ctx.telegram.body, /^(AD|AA|ED|EA|EO|EB)\d/);
    throw failed([{ line, message: errorText(error) }]);
  }
  return { ...outcome, result: { ...outcome.result, leg: flight.sequence, times } };
};

export const processLdm: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Ldm;
  const first = m.destinations[0]?.destination;
  const ref = m.origin
    ? refOf(ctx, m.flight, m.origin, 'origin')
    : refOf(ctx, m.flight, first ?? ctx.parsed.envelope?.origin.slice(0, 3), first ? 'destination' : 'origin');
  const flight = await flightOf(tx, ctx, ref);
  const summary = {
    registration: m.registration ?? null,
    configuration: m.configuration ?? null,
    crew: m.crew ?? null,
    correction: m.correction === true,
    destinations: m.destinations.map((d) => ({
      destination: d.destination,
      pax: d.pax,
      total_weight: d.totalWeight ?? null,
      compartments: d.compartments,
      pax_by_class: d.paxByClass ?? null,
      pad_by_class: d.padByClass ?? null,
      other: d.other ?? [],
    })),
    totals: {
      pax: m.destinations.reduce((n, d) => n + d.pax.reduce((a, b) => a + b, 0), 0),
      weight: m.destinations.reduce((n, d) => n + (d.totalWeight ?? 0), 0),
    },
    si: m.si ?? [],
  };
  return (await attach(tx, ctx, flight, m.flight, m.origin ?? null, summary)).outcome;
};

export const processCpm: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Cpm;
  const flight = await flightOf(tx, ctx, refOf(ctx, m.flight, m.station, 'origin'));
  const loaded = m.positions.filter((p) => !p.empty);
  const summary = {
    registration: m.registration ?? null,
    configuration: m.configuration ?? null,
    correction: m.correction === true,
    positions: m.positions.map((p) => ({
      position: p.position,
      empty: p.empty === true,
      uld: p.uld ?? null,
      destination: p.destination ?? null,
      weight: p.weight ?? null,
      category: p.category ?? null,
      remarks: p.remarks ?? [],
    })),
    totals: {
      positions: loaded.length,
      ulds: new Set(loaded.flatMap((p) => (p.uld ? [p.uld] : []))).size,
      weight: loaded.reduce((n, p) => n + (p.weight ?? 0), 0),
    },
    si: m.si ?? [],
  };
  return (await attach(tx, ctx, flight, m.flight, m.station, summary)).outcome;
};

export const processUcm: TelegramProcessor = async (tx, ctx) => {
  const m = ctx.parsed.message as Ucm;
  const flight = await flightOf(tx, ctx, refOf(ctx, m.flight, m.station, 'either'));
  const uld = (u: Ucm['in'][number]) => ({ id: u.id, station: u.station ?? null, codes: u.codes ?? [] });
  const summary = {
    registration: m.registration ?? null,
    correction: m.correction === true,
    in: m.in.map(uld),
    out: m.out.map(uld),
    totals: { in: m.in.length, out: m.out.length },
    si: m.si ?? [],
  };
  return (await attach(tx, ctx, flight, m.flight, m.station, summary)).outcome;
};
