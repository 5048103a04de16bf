import type { Fhl, Fsa, Fsu, Fwb, Oci, Party, StatusEntry, StatusEvent } from '@aircargo/cargo-messages';
import { type AirWaybillCreateInput, airWaybillCreate, airWaybillUpdate } from '@aircargo/contract/air-waybills';
import { houseWaybillCreate, houseWaybillUpdate } from '@aircargo/contract/house-waybills';
import { issueMessage, renderMessage } from '@aircargo/contract/messages';
import { MOVEMENT_STATUS_CODES, movementCreate } from '@aircargo/contract/movements';
import { CURRENCIES } from '@aircargo/domain';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth';
import { AppError, message, notFound, validation } from '../../platform/errors';
import { AirWaybillsService, type WaybillRater } from '../air-waybills/air-waybills.service';
import { HouseWaybillsService } from '../house-waybills/house-waybills.service';
import { MovementsService } from '../movements/movements.service';
import type {
  ProcessOutcome,
  TelegramContext,
  TelegramProcessor,
} from '../telegram-processors/telegram-processors.types';
import * as repo from './incoming-telegrams.repository';

/**
 * The processors of FWB, FHL, FSU and FSA (issue 14 item 1). Each acts through the owning module's service, inside the
 * worker's transaction, as the receiving company with the telegram's user (null for the intakes): the services judge
 * the data as they judge a screen's, and a refusal (AppError) rolls the telegram back and fails it with the message.
 */

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The caller the services see: the receiving company, acting through the telegram (user null for the intakes). */
export function telegramAuth(ctx: TelegramContext): AuthContext {
  return {
    // The writes record a nullable user (created_by, change log): a telegram from an intake has none.
    userId: ctx.userId as number,
    tokenId: 0,
    email: '',
    system: false,
    membershipId: null,
    companyId: ctx.receiver.companyId,
    companyType: ctx.receiver.companyType,
    role: ctx.receiver.companyType === 'platform' ? null : 'manager',
    airlineCode: null,
    blocked: false,
    scope: 'telegram',
    createdAt: ctx.clock.now(),
    expiresIn: 0,
  };
}

/** A waybill from a telegram is not rated (the FWB carries its own charges): only the chargeable weight is computed. */
const noRater: WaybillRater = {
  rate: () => Promise.reject(new Error('not rated from a telegram')),
  shows: () => Promise.resolve(false),
};

/** The ISO date of a Cargo-IMP day (DD) or day-month (DDMMM) nearest to `near` (at most half a year away). */
export function isoOfCimpDate(day: string, month: string | null, near: Date): string | null {
  const d = Number(day);
  const candidates: Date[] = [];
  for (let shift = -12; shift <= 12; shift++) {
    const base = new Date(Date.UTC(near.getUTCFullYear(), near.getUTCMonth() + shift, 1));
    if (month !== null && MONTHS[base.getUTCMonth()] !== month) continue;
    const c = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), d));
    if (c.getUTCDate() === d) candidates.push(c);
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => Math.abs(a.getTime() - near.getTime()) - Math.abs(b.getTime() - near.getTime()));
  return candidates[0]!.toISOString().slice(0, 10);
}

function kgOf(w: { unit: 'K' | 'L'; value: number } | undefined, decimals = 3): number | undefined {
  if (!w) return undefined;
  const kg = w.unit === 'L' ? w.value * 0.45359237 : w.value;
  const f = 10 ** decimals;
  return Math.round(kg * f) / f;
}

function cubicMetres(v: { unit: string; value: number } | undefined): number {
  if (!v) return 0;
  const factor: Record<string, number> = { MC: 1, CF: 0.0283168, CI: 0.0000163871, CC: 0.000001 };
  return Math.round(v.value * (factor[v.unit] ?? 0) * 1000) / 1000;
}

function partyOf(p: Party | undefined) {
  if (!p) return undefined;
  return {
    name: p.name.join(' ').trim(),
    address: p.address.join(' ').trim() || null,
    city: p.place || null,
    state: p.state ?? null,
    country_code: p.country ?? null,
    post_code: p.postcode ?? null,
  };
}

/** zod issues of the contract schema as per-field messages (the same the API would answer). */
function refused(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'body';
    const text = renderMessage(issueMessage(issue as unknown as Parameters<typeof issueMessage>[0]));
    const list = fields[path] ?? [];
    list.push(text);
    fields[path] = list;
  }
  const summary = Object.entries(fields)
    .map(([f, m]) => `${f}: ${m.join(', ')}`)
    .join('; ');
  return validation(fields, `The telegram does not make a valid record: ${summary}`);
}

/** Cargo-IMP OCI lines as the waybill's customs lines (lines without text carry nothing to keep). */
function ociLinesOf(lines: readonly Oci[] | undefined) {
  return (lines ?? [])
    .filter((o) => o.text)
    .map((o) => ({
      country: o.country ?? null,
      info_id: o.infoId && /^[A-Z]{1,3}$/.test(o.infoId) ? o.infoId : null,
      customs_id: o.controlId ?? null,
      info: o.text ?? '',
    }));
}

// FWB.

/** The waybill fields of an FWB (the create schema's input). */
export function waybillOfFwb(f: Fwb, near: Date): Omit<AirWaybillCreateInput, 'mawb' | 'forwarder_id'> {
  const goods = (f.rates ?? []).flatMap((r) => r.goods ?? []);
  const commodity = goods.find((g) => g.kind === 'NG' || g.kind === 'NC') as { text: string } | undefined;
  const hs = goods.filter((g) => g.kind === 'NH').map((g) => (g as { hsCode: string }).hsCode);
  const issue = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(f.issue?.date ?? '');
  const issued = issue
    ? new Date(Date.UTC(2000 + Number(issue[3]), MONTHS.indexOf(issue[2]!), Number(issue[1])))
    : near;
  let from = f.origin;
  const route = f.routing.map((r, i) => {
    const flight = f.flights?.[i];
    const leg = {
      origin: from,
      destination: r.airport,
      carrier: r.carrier,
      flight: flight ? `${flight.carrier}${flight.number}` : null,
      date: flight ? isoOfCimpDate(flight.day, null, issued) : null,
    };
    from = r.airport;
    return leg;
  });
  const currency = (CURRENCIES as readonly string[]).includes(f.charges.currency)
    ? (f.charges.currency as (typeof CURRENCIES)[number])
    : null;
  const collect = f.charges.weightValuation === 'C';
  return {
    origin_iata: f.origin,
    destination_iata: f.destination,
    pieces: f.pieces,
    weight: kgOf(f.weight) ?? 0,
    volume: cubicMetres(f.volume),
    carrier: f.routing[0]?.carrier,
    commodity: commodity?.text ?? null,
    shcs: f.shc ?? [],
    hs_codes: [...new Set(hs)],
    shipper: partyOf(f.shipper)!,
    consignee: partyOf(f.consignee)!,
    notify: partyOf(f.notify) ?? null,
    special_service_request: f.ssr?.join('\n') ?? null,
    other_service_request: f.osi?.join('\n') ?? null,
    oci: ociLinesOf(f.oci),
    acc: (f.accounting ?? []).map((a) => ({ id: a.identifier, info: a.text })),
    payment: collect ? 'collect' : 'prepaid',
    currency,
    manual_route: true,
    route: route.length > 0 && route[route.length - 1]!.destination === f.destination ? route : [],
  };
}

export const processFwb: TelegramProcessor = async (tx, ctx) => {
  const f = ctx.parsed.message as Fwb;
  const auth = telegramAuth(ctx);
  const service = new AirWaybillsService(tx, noRater, ctx.clock);
  const fields = waybillOfFwb(f, ctx.clock.now());
  const existing = await repo.waybillIdByMawb(tx, f.awb);
  if (existing !== null) {
    const input = airWaybillUpdate.safeParse({ air_waybill: fields });
    if (!input.success) throw refused(input.error);
    const record = await service.update(auth, existing, input.data);
    return {
      status: 'processed',
      result: { updated: 'air_waybill', mawb: record.mawb },
      errors: [],
      links: { air_waybill_id: existing, airline_id: record.airline.id },
    };
  }
  const forwarderId = await repo.forwarderByAgent(tx, f.agent?.iataCode ?? null, f.agent?.cassAddress ?? null);
  if (forwarderId === null) {
    const code = f.agent?.iataCode ? `${f.agent.iataCode}${f.agent.cassAddress ? `/${f.agent.cassAddress}` : ''}` : '-';
    throw validation(
      { agent: [message('forwarderUnknown')] },
      `No forwarder of the platform has the agent's IATA or CASS code (${code}): the waybill needs its forwarder`,
    );
  }
  const input = airWaybillCreate.safeParse({ ...fields, mawb: f.awb, forwarder_id: forwarderId });
  if (!input.success) throw refused(input.error);
  const record = await service.create(auth, input.data);
  return {
    status: 'processed',
    result: { created: 'air_waybill', mawb: record.mawb },
    errors: [],
    links: { air_waybill_id: record.id, airline_id: record.airline.id },
  };
};

// FHL.

export const processFhl: TelegramProcessor = async (tx, ctx) => {
  const f = ctx.parsed.message as Fhl;
  const auth = telegramAuth(ctx);
  const waybillId = await repo.waybillIdByMawb(tx, f.master.awb);
  if (waybillId === null) throw notFound(message('shipmentNotFound'));
  const service = new HouseWaybillsService(tx, ctx.clock);
  const existing = new Map((await service.list(auth, waybillId)).data.map((h) => [h.serial_number, h.id]));
  const ids: number[] = [];
  const created: string[] = [];
  const updated: string[] = [];
  for (const h of f.houses) {
    const single = f.houses.length === 1;
    const fields = {
      serial_number: h.hawb,
      origin_iata: h.origin,
      destination_iata: h.destination,
      pieces: h.pieces,
      weight_code: h.weight.unit,
      weight: Math.round(h.weight.value * 10) / 10,
      manifest_description_of_goods: h.description ?? '',
      shcs: h.shc ?? [],
      free_text: h.freeText?.join('\n') ?? null,
      hs_codes: h.hsCodes ?? [],
      ...(single && f.shipper ? { shipper: partyOf(f.shipper) } : {}),
      ...(single && f.consignee ? { consignee: partyOf(f.consignee) } : {}),
    };
    const id = existing.get(h.hawb);
    if (id === undefined) {
      const input = houseWaybillCreate.safeParse(fields);
      if (!input.success) throw refused(input.error);
      const house = await service.create(auth, waybillId, input.data);
      ids.push(house.id);
      created.push(h.hawb);
    } else {
      const input = houseWaybillUpdate.safeParse(fields);
      if (!input.success) throw refused(input.error);
      await service.update(auth, waybillId, id, input.data);
      ids.push(id);
      updated.push(h.hawb);
    }
  }
  return {
    status: 'processed',
    result: { mawb: f.master.awb, created_houses: created, updated_houses: updated },
    errors: [],
    links: { air_waybill_id: waybillId, house_waybill_ids: ids },
  };
};

// FSU and FSA.

const STATION_OF_FLIGHT = new Set(['BKD', 'MAN', 'DEP', 'PRE']);

/** The station and local time of a status event, or why it has none. */
export function eventPlace(e: StatusEvent, near: Date): { station: string; timeLocal: string } | string {
  const station = STATION_OF_FLIGHT.has(e.code) ? (e.origin ?? e.airport) : (e.airport ?? e.origin);
  if (!station) return `${e.code}: no station`;
  const dm = /^(\d{2})([A-Z]{3})$/.exec(e.date ?? '');
  if (!dm) return `${e.code}: no date`;
  const date = isoOfCimpDate(dm[1]!, dm[2]!, near);
  if (!date) return `${e.code}: invalid date ${e.date}`;
  const time = e.time ?? e.departureTime?.time ?? e.arrivalTime?.time ?? '0000';
  return { station, timeLocal: `${date}T${time.slice(0, 2)}:${time.slice(2, 4)}` };
}

/** The line of a status event in the body (the n-th line starting with its code), for per-line errors. */
function lineOf(body: string, code: string, nth: number): number | null {
  let seen = 0;
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim().startsWith(`${code}/`)) {
      if (seen === nth) return i + 1;
      seen++;
    }
  }
  return null;
}

export const processStatus: TelegramProcessor = async (tx, ctx): Promise<ProcessOutcome> => {
  const m = ctx.parsed.message as Fsu | Fsa;
  const auth = telegramAuth(ctx);
  const movementsService = new MovementsService(tx, ctx.clock);
  const near = ctx.clock.now();
  const entries: StatusEntry[] = [m, ...(m.additional ?? [])];
  const errors: ProcessOutcome['errors'] = [];
  const added: string[] = [];
  const known: string[] = [];
  const seenPerCode = new Map<string, number>();
  const customs = new Map<number, ReturnType<typeof ociLinesOf>>();
  let waybillId: number | null = null;
  for (const entry of entries) {
    const id = await repo.waybillIdByMawb(tx, entry.consignment.awb);
    if (id === null) {
      for (const e of entry.events) seenPerCode.set(e.code, (seenPerCode.get(e.code) ?? 0) + 1);
      errors.push({ line: null, message: `${entry.consignment.awb}: ${renderMessage(message('shipmentNotFound'))}` });
      continue;
    }
    waybillId ??= id;
    const oci = [...ociLinesOf(entry.oci), ...entry.events.flatMap((e) => ociLinesOf(e.oci))];
    if (oci.length > 0) customs.set(id, [...(customs.get(id) ?? []), ...oci]);
    for (const e of entry.events) {
      const nth = seenPerCode.get(e.code) ?? 0;
      seenPerCode.set(e.code, nth + 1);
      const line = lineOf(ctx.telegram.body, e.code, nth);
      if (!(MOVEMENT_STATUS_CODES as readonly string[]).includes(e.code)) {
        errors.push({ line, message: `${e.code}: status not recorded as a movement` });
        continue;
      }
      const place = eventPlace(e, near);
      if (typeof place === 'string') {
        errors.push({ line, message: place });
        continue;
      }
      const key = `${entry.consignment.awb} ${e.code} ${place.station} ${place.timeLocal}`;
      if (await repo.hasMovement(tx, { waybillId: id, status: e.code, ...place })) {
        known.push(key);
        continue;
      }
      const weight = kgOf(e.quantity?.weight, 1);
      const input = movementCreate.safeParse({
        location_iata: place.station,
        status_code: e.code,
        time_local: place.timeLocal,
        pieces: e.quantity?.pieces ? e.quantity.pieces : null,
        weight: weight ? weight : null,
        uld: e.ulds?.[0]?.id ?? null,
      });
      if (!input.success) {
        errors.push({ line, message: refused(input.error).message });
        continue;
      }
      await movementsService.create(auth, id, input.data);
      added.push(key);
    }
  }
  const customsAdded = await storeCustomsLines(tx, auth, ctx, customs);
  if (added.length === 0 && customsAdded === 0 && errors.length > 0 && known.length === 0) {
    throw new AppError(422, 'ValidationFailed', errors.map((e) => e.message).join('; '));
  }
  return {
    status:
      added.length === 0 && customsAdded === 0 ? 'ignored' : errors.length > 0 ? 'partially_processed' : 'processed',
    result: { movements_added: added, movements_known: known, customs_lines_added: customsAdded },
    errors,
    links: { air_waybill_id: waybillId },
  };
};

/**
 * OCI customs lines of a status message go to the waybill's customs lines (movements have none): through the
 * air-waybills service's PATCH, the lines not there yet appended (at most the 20 a waybill holds). Answers how many.
 */
async function storeCustomsLines(
  tx: Parameters<TelegramProcessor>[0],
  auth: AuthContext,
  ctx: TelegramContext,
  customs: ReadonlyMap<number, ReturnType<typeof ociLinesOf>>,
): Promise<number> {
  if (customs.size === 0) return 0;
  const service = new AirWaybillsService(tx, noRater, ctx.clock);
  const key = (o: { country: string | null; info_id: string | null; customs_id: string | null; info: string }) =>
    [o.country, o.info_id, o.customs_id, o.info].join('/');
  let added = 0;
  for (const [id, lines] of customs) {
    const current = (await service.get(auth, id)).oci;
    const known = new Set(current.map(key));
    const fresh = lines.filter((o) => {
      const k = key(o);
      if (known.has(k)) return false;
      known.add(k);
      return true;
    });
    if (fresh.length === 0) continue;
    const input = airWaybillUpdate.safeParse({ air_waybill: { oci: [...current, ...fresh].slice(0, 20) } });
    if (!input.success) throw refused(input.error);
    await service.update(auth, id, input.data);
    added += fresh.length;
  }
  return added;
}

/** The processors of this module, by message type. */
export const INCOMING_PROCESSORS: Partial<Record<string, TelegramProcessor>> = {
  FWB: processFwb,
  FHL: processFhl,
  FSU: processStatus,
  FSA: processStatus,
};
