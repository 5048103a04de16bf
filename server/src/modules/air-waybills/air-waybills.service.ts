import type {
  AirWaybillCreate,
  AirWaybillFromBooking,
  AirWaybillRecord,
  AirWaybillUpdate,
  AwbBooking,
  AwbRef,
  CalculateBody,
  Calculation,
  RateLine,
  RateLineCreate,
} from '@aircargo/contract/air-waybills';
import type { MessageKey } from '@aircargo/contract/messages';
import { forbiddenShcs } from '@aircargo/domain/booking-rules';
import {
  formatScaled,
  type PreparedRating,
  parseScaled,
  type Quote,
  RatingInputError,
  type ShipmentInput,
  WEIGHT_DECIMALS,
} from '@aircargo/rating';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type AwbLeg, type AwbParty, bookings } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { type ChangeChannel, changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, exists, message, notFound, validation } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { allocateNumber, useNumber } from '../stocks/stocks.service';
import type { QuoteService } from '../tariffs/tariffs.quote';
import { produceTelegrams } from '../telegram-producers/telegram-producers.hooks';
import { refreshWaybillAlerts } from '../waybill-lifecycle/waybill-lifecycle.service';
import { mayUseAirline, visibleWaybillsWhere, waybillForwarder, waybillScope } from './air-waybills.policy';
import { presentAwbBooking, presentRateLine, presentWaybill } from './air-waybills.presenter';
import * as repo from './air-waybills.repository';

/**
 * Master air waybills (issue 12 item 2): create (number typed or from the forwarder's stock, or from a booking), edit
 * (air_waybill and dimensions), read, the link to bookings, `calculate` through the rating engine and the rate lines.
 * Every change is one transaction with its change-log row. The lifecycle (issue, verify, void, deliver) is elsewhere.
 */

/** Rates a waybill with the carrier's prepared tariffs (the tariffs module's engine cache, decision 015). */
export interface WaybillRater {
  /** `airlineId` null: no tariffs may be used (only the chargeable weight is computed). */
  rate(airlineId: number | null, carrier: string, shipment: ShipmentInput): Promise<Quote>;
  /** Whether the forwarder's agreement with the airline shows it the airline's tariffs. */
  shows(forwarderId: number, airlineId: number): Promise<boolean>;
}

const shipmentNotFound = () => notFound(message('shipmentNotFound'));

/** The fields the change log follows. */
const LOGGED = [
  'mawb',
  'forwarder_id',
  'booking_id',
  'origin_iata',
  'destination_iata',
  'pieces',
  'weight',
  'volume',
  'carrier',
  'product_type',
  'commodity',
  'shcs',
  'hs_codes',
  'mrn',
  'postal',
  'forwarder_account',
  'notify',
  'shipper',
  'consignee',
  'charge_weight',
  'charge_weight_source',
  'chargeable_calc',
  'special_service_request',
  'other_service_request',
  'oci',
  'acc',
  'customs_info',
  'as_agreed_rates',
  'payment',
  'currency',
  'prepaid_total',
  'collect_total',
  'service_start_date',
  'manual_route',
  'route_data',
  'booked',
  'goods_items',
  'dimensions',
  'notices',
] as const;
type Logged = Record<(typeof LOGGED)[number], unknown>;

const kgText = (v: number): string => v.toFixed(3);

function partyOf(p: Partial<AwbParty> | null | undefined): AwbParty | null {
  if (!p) return null;
  return {
    name: p.name ?? null,
    address: p.address ?? null,
    city: p.city ?? null,
    state: p.state ?? null,
    country_code: p.country_code ?? null,
    post_code: p.post_code ?? null,
    contacts: p.contacts ?? null,
    tax_id: p.tax_id ?? null,
  };
}

type LegInput = {
  origin: string;
  destination: string;
  carrier: string;
  flight?: string | null;
  date?: string | null;
  segment_id?: number | null;
};
const legOf = (l: LegInput): AwbLeg => ({
  origin: l.origin,
  destination: l.destination,
  carrier: l.carrier,
  flight: l.flight ?? null,
  date: l.date ?? null,
  segment_id: l.segment_id ?? null,
});

type GoodsInput = AirWaybillCreate['goods_items'][number];
const goodsOf = (g: GoodsInput): repo.GoodsItemInsert => ({
  description: g.description ?? null,
  hs_code: g.hs_code ?? null,
  marks: g.marks ?? null,
  packing: g.packing ?? null,
  pieces: g.pieces ?? null,
  weight: g.weight === null || g.weight === undefined ? null : kgText(g.weight),
});
type DimensionInput = AirWaybillCreate['dimensions'][number];
const dimensionOf = (d: DimensionInput): repo.DimensionInsert => ({
  length: d.length.toFixed(2),
  width: d.width.toFixed(2),
  height: d.height.toFixed(2),
  pieces: d.pieces,
  weight: d.weight === null || d.weight === undefined ? null : kgText(d.weight),
});

/** What the change log compares: the row's fields and the child lists. */
function loggable(
  w: repo.WaybillRow,
  children: { goods: unknown[]; dimensions: unknown[]; notices: unknown[] },
): Logged {
  return {
    mawb: w.mawb,
    forwarder_id: w.forwarder_id,
    booking_id: w.booking_id,
    origin_iata: w.origin_iata,
    destination_iata: w.destination_iata,
    pieces: w.pieces,
    weight: Number(w.weight),
    volume: Number(w.volume),
    carrier: w.carrier,
    product_type: w.product_type,
    commodity: w.commodity,
    shcs: w.shcs,
    hs_codes: w.hs_codes,
    mrn: w.mrn,
    postal: w.postal,
    forwarder_account: w.forwarder_account,
    notify: w.notify,
    shipper: w.shipper,
    consignee: w.consignee,
    charge_weight: w.charge_weight === null ? null : Number(w.charge_weight),
    charge_weight_source: w.charge_weight_source,
    chargeable_calc: w.chargeable_calc,
    special_service_request: w.special_service_request,
    other_service_request: w.other_service_request,
    oci: w.oci,
    acc: w.acc,
    customs_info: w.customs_info,
    as_agreed_rates: w.as_agreed_rates,
    payment: w.payment,
    currency: w.currency,
    prepaid_total: w.prepaid_total,
    collect_total: w.collect_total,
    service_start_date: w.service_start_date,
    manual_route: w.manual_route,
    route_data: w.route_data,
    booked: w.booked,
    goods_items: children.goods,
    dimensions: children.dimensions,
    notices: children.notices,
  };
}

type Num = string | null | undefined;
/** The child lists as the change log keeps them (numbers as numbers), from stored rows or rows about to be inserted. */
const childLogOf = (b: {
  goods: readonly {
    description?: string | null;
    hs_code?: string | null;
    marks?: string | null;
    packing?: string | null;
    pieces?: number | null;
    weight?: Num;
  }[];
  dimensions: readonly { length: string; width: string; height: string; pieces: number; weight?: Num }[];
  notices: readonly { kind: string; text: string }[];
}) => ({
  goods: b.goods.map((g) => ({
    description: g.description ?? null,
    hs_code: g.hs_code ?? null,
    marks: g.marks ?? null,
    packing: g.packing ?? null,
    pieces: g.pieces ?? null,
    weight: g.weight === null || g.weight === undefined ? null : Number(g.weight),
  })),
  dimensions: b.dimensions.map((d) => ({
    length: Number(d.length),
    width: Number(d.width),
    height: Number(d.height),
    pieces: d.pieces,
    weight: d.weight === null || d.weight === undefined ? null : Number(d.weight),
  })),
  notices: b.notices.map((n) => ({ kind: n.kind, text: n.text })),
});

function refuse(field: string, key: MessageKey, params: Record<string, string | number> = {}): AppError {
  const m = message(key, params);
  return validation({ [field]: [m] }, m);
}

/** SHCs the airline does not take refuse the waybill (the booking rule, seed 001 section 5): 403 ForbiddenShc. */
function checkShcs(shcs: readonly string[], accepted: readonly string[] | null): void {
  const forbidden = forbiddenShcs(shcs, accepted);
  if (forbidden.length) {
    const m = message('awbForbiddenShc', { shcs: forbidden.join(', ') });
    throw new AppError(403, 'ForbiddenShc', m, { shcs: [m] });
  }
}

/** The condition on `bookings` of the bookings a caller may make a waybill from. */
function bookingsVisible(auth: AuthContext): SQL {
  const scope = waybillScope(auth);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'airline':
      return eq(bookings.airline_id, scope.airlineId);
    case 'forwarder':
      return eq(bookings.forwarder_id, scope.companyId);
    default:
      return sql`false`;
  }
}

interface NumberPlan {
  prefix: string;
  /** Typed numbers carry their serial; stock numbers are allocated at the end of the transaction. */
  typed: { mawb: string; serial: number } | null;
  owner: repo.PrefixOwner;
}

/**
 * A waybill as GET /air_waybills/:id presents it, for other modules (printed documents): the caller's visibility rule
 * applies, another company's waybill is not found (404).
 */
export async function visibleWaybillRecord(db: Db, auth: AuthContext, ref: AwbRef): Promise<AirWaybillRecord> {
  const row = await repo.findWaybill(db, visibleWaybillsWhere(auth), ref);
  if (!row) throw shipmentNotFound();
  return presentWaybill(await repo.bundleOf(db, row));
}

export class AirWaybillsService {
  constructor(
    private readonly db: Db,
    private readonly rater: WaybillRater,
    private readonly clock: Clock = systemClock,
  ) {}

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  private async find(db: Db, auth: AuthContext, ref: AwbRef, lock = false): Promise<repo.WaybillRow> {
    const row = await repo.findWaybill(db, visibleWaybillsWhere(auth), ref, lock);
    if (!row) throw shipmentNotFound();
    return row;
  }

  private async present(db: Db, row: repo.WaybillRow): Promise<AirWaybillRecord> {
    return presentWaybill(await repo.bundleOf(db, row));
  }

  async get(auth: AuthContext, ref: AwbRef): Promise<AirWaybillRecord> {
    return this.present(this.db, await this.find(this.db, auth, ref));
  }

  async changes(auth: AuthContext, ref: AwbRef) {
    const row = await this.find(this.db, auth, ref);
    const rows = await repo.changesOf(this.db, row.id);
    return {
      data: rows.map((r) => ({
        id: r.id,
        channel: r.channel as ChangeChannel,
        user_id: r.user_id,
        change_set: r.change_set,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  // Numbers.

  /**
   * Where the number comes from, checked before anything is written: the prefix must belong to an airline (an airline
   * caller: its own) and be active; a typed number must not be in a stock range held by another company ("invalid
   * blank number") nor belong to a waybill already ("Shipment already exists").
   */
  private async planNumber(
    db: Db,
    auth: AuthContext,
    forwarderId: number,
    input: { mawb?: string | undefined; from_stock: boolean; prefix?: string | undefined },
  ): Promise<NumberPlan> {
    const field = input.mawb ? 'mawb' : 'prefix';
    const prefix = input.mawb ? input.mawb.slice(0, 3) : input.prefix;
    if (!prefix) throw refuse('prefix', 'required');
    const owner = await repo.prefixOwner(db, prefix);
    if (!owner || !mayUseAirline(auth, owner.airline_id)) throw refuse(field, 'stockPrefixNotFound');
    if (!owner.active) throw refuse(field, 'stockPrefixInactive', { prefix });
    if (!input.mawb) return { prefix, typed: null, owner };
    const serial = Number(input.mawb.slice(4, 11));
    if (await repo.waybillByMawb(db, input.mawb)) throw exists(message('shipmentExists'), 'mawb');
    if (auth.companyType === 'forwarder') {
      const holders = await repo.rangeHoldersOf(db, prefix, serial);
      if (holders.some((h) => h !== forwarderId)) throw refuse('mawb', 'awbBlankNumber');
    }
    return { prefix, typed: { mawb: input.mawb, serial }, owner };
  }

  /** Takes the number in the transaction: a typed one is recorded as used (a voided one is refused), else allocated. */
  private async takeNumber(
    tx: Db,
    plan: NumberPlan,
    forwarderId: number,
  ): Promise<{ mawb: string; prefix: string; serial: number }> {
    if (plan.typed) {
      await useNumber(tx, {
        airlineId: plan.owner.airline_id,
        prefix: plan.prefix,
        serial: plan.typed.serial,
        forwarderId,
      });
      return { mawb: plan.typed.mawb, prefix: plan.prefix, serial: plan.typed.serial };
    }
    const n = await allocateNumber(tx, { airlineId: plan.owner.airline_id, forwarderId, prefix: plan.prefix });
    return { mawb: n.number, prefix: n.prefix, serial: n.serial };
  }

  private async forwarderOf(auth: AuthContext, requested: number | undefined): Promise<number> {
    const id = waybillForwarder(auth, requested);
    if (id === null) throw refuse('forwarder_id', 'required');
    const company = await repo.companyById(this.db, id);
    if (company?.company_type !== 'forwarder') throw refuse('forwarder_id', 'forwarderUnknown');
    return id;
  }

  /**
   * Writes a new waybill: the number is taken last (a refused waybill holds no stock counter lock and burns nothing),
   * then the row, its children, the change log and the booking link.
   */
  private async write(
    auth: AuthContext,
    plan: NumberPlan,
    forwarderId: number,
    values: Omit<repo.WaybillInsert, 'mawb' | 'prefix' | 'serial' | 'airline_id' | 'forwarder_id'>,
    children: { goods: repo.GoodsItemInsert[]; dimensions: repo.DimensionInsert[]; notices: repo.NoticeInsert[] },
    booking: repo.BookingForWaybill | null,
  ): Promise<AirWaybillRecord> {
    const id = await inTransaction(this.db, async (tx) => {
      if (booking) {
        const locked = await repo.bookingForWaybill(tx, sql`true`, booking.id);
        if (!locked?.active) throw refuse('booking_id', 'bookingCancelled');
        if (await repo.waybillOfBooking(tx, booking.id)) throw exists(message('bookingHasWaybill'), 'booking_id');
      }
      const linked = booking || !plan.typed ? null : await repo.effectiveBookingOf(tx, plan.typed.mawb, forwarderId);
      // From here the stock range's counter row is locked until the commit: only the writes follow (decision 023).
      const number = await this.takeNumber(tx, plan, forwarderId);
      const row = await repo
        .insertWaybill(tx, {
          ...values,
          ...number,
          airline_id: plan.owner.airline_id,
          forwarder_id: forwarderId,
          booking_id: booking?.id ?? linked?.id ?? null,
          booked: booking ? booking.effective : linked !== null,
          su_booking_status: booking?.response_status ?? linked?.response_status ?? null,
          created_by: auth.userId,
        })
        .catch((error: unknown) => {
          if ((error as { cause?: { code?: string } })?.cause?.code === '23505') {
            throw exists(message('shipmentExists'), 'mawb');
          }
          throw error;
        });
      await repo.insertChildren(tx, row.id, children);
      if (booking && booking.mawb === null) await repo.setBookingMawb(tx, booking.id, number.mawb, auth.userId);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: row.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(null, loggable(row, childLogOf(children)), LOGGED),
        },
      ]);
      await refreshWaybillAlerts(tx, { waybillId: row.id, userId: auth.userId, now: this.clock.now(), created: true });
      await produceTelegrams(tx, 'awb_created', row.id, auth.userId);
      return row.id;
    });
    return this.present(this.db, (await repo.findWaybill(this.db, sql`true`, id)) as repo.WaybillRow);
  }

  // Create.

  async create(auth: AuthContext, input: AirWaybillCreate): Promise<AirWaybillRecord> {
    const forwarderId = await this.forwarderOf(auth, input.forwarder_id);
    const plan = await this.planNumber(this.db, auth, forwarderId, input);
    checkShcs(input.shcs, plan.owner.shcs_accepted);
    const carrier = input.carrier ?? plan.owner.airline_code;
    if (!carrier) throw refuse('carrier', 'required');
    const route = input.route.map(legOf);
    return this.write(
      auth,
      plan,
      forwarderId,
      {
        origin_iata: input.origin_iata,
        destination_iata: input.destination_iata,
        pieces: input.pieces,
        weight: kgText(input.weight),
        volume: kgText(input.volume),
        carrier,
        product_type: input.product_type ?? null,
        commodity: input.commodity ?? null,
        source: 'web',
        shcs: input.shcs,
        hs_codes: input.hs_codes,
        mrn: input.mrn ?? null,
        postal: input.postal,
        forwarder_account: input.forwarder_account ?? null,
        notify: partyOf(input.notify),
        shipper: partyOf(input.shipper) as AwbParty,
        consignee: partyOf(input.consignee) as AwbParty,
        charge_weight:
          input.charge_weight === null || input.charge_weight === undefined ? null : kgText(input.charge_weight),
        charge_weight_source: input.charge_weight ? 'manual' : null,
        special_service_request: input.special_service_request ?? null,
        other_service_request: input.other_service_request ?? null,
        oci: input.oci.map((o) => ({
          country: o.country ?? null,
          info_id: o.info_id ?? null,
          customs_id: o.customs_id ?? null,
          info: o.info,
        })),
        acc: input.acc.map((a) => ({ id: a.id ?? null, info: a.info })),
        customs_info: input.customs_info ?? null,
        as_agreed_rates: input.as_agreed_rates,
        payment: input.payment,
        currency: input.currency ?? null,
        service_start_date: input.service_start_date ?? null,
        manual_route: input.manual_route,
        route_data: route,
        flight_date: route[0]?.date ?? null,
      },
      {
        goods: input.goods_items.map(goodsOf),
        dimensions: input.dimensions.map(dimensionOf),
        notices: input.notices.map((n) => ({ kind: n.kind, text: n.text })),
      },
      null,
    );
  }

  /**
   * A forwarder makes the waybill of its booking (anywhere: the su-subdomain gate is on POST /air_waybills only). Route,
   * legs, cargo, SHCs and commodity are the booking's; the number is the booking's, else typed or from stock of the
   * booking's airline. The booking gets the number and the waybill is booked while the booking holds capacity.
   */
  async createFromBooking(
    auth: AuthContext,
    bookingId: number,
    input: AirWaybillFromBooking,
  ): Promise<AirWaybillRecord> {
    const booking = await repo.bookingForWaybill(this.db, bookingsVisible(auth), bookingId);
    if (!booking) throw notFound(message('bookingNotFound'));
    if (!booking.active) throw refuse('booking_id', 'bookingCancelled');
    if (await repo.waybillOfBooking(this.db, booking.id)) throw exists(message('bookingHasWaybill'), 'booking_id');
    if (booking.mawb && input.mawb && input.mawb !== booking.mawb) {
      throw refuse('mawb', 'oneOf', { values: booking.mawb });
    }
    const typed = booking.mawb ?? input.mawb;
    const prefix = typed
      ? undefined
      : (input.prefix ?? (await repo.defaultPrefixOf(this.db, booking.airline_id)) ?? undefined);
    const plan = await this.planNumber(this.db, auth, booking.forwarder_id, {
      mawb: typed ?? undefined,
      from_stock: !typed,
      prefix,
    });
    checkShcs(booking.shcs, plan.owner.shcs_accepted);
    const legs = await repo.legsOfBookings(this.db, [booking.id]);
    const route: AwbLeg[] = legs.map((l) => ({
      origin: l.origin,
      destination: l.destination,
      carrier: l.carrier,
      flight: `${l.carrier}${l.number}`,
      date: l.flight_date,
      segment_id: l.segment_id,
    }));
    return this.write(
      auth,
      plan,
      booking.forwarder_id,
      {
        origin_iata: booking.origin,
        destination_iata: booking.destination,
        pieces: booking.pieces,
        weight: booking.weight,
        volume: booking.volume,
        carrier: booking.carrier,
        product_type: input.product_type ?? null,
        commodity: booking.commodity,
        source: 'booking',
        shcs: booking.shcs,
        hs_codes: input.hs_codes,
        mrn: input.mrn ?? null,
        forwarder_account: input.forwarder_account ?? null,
        notify: partyOf(input.notify),
        shipper: partyOf(input.shipper) as AwbParty,
        consignee: partyOf(input.consignee) as AwbParty,
        special_service_request: input.special_service_request ?? null,
        other_service_request: input.other_service_request ?? null,
        oci: input.oci.map((o) => ({
          country: o.country ?? null,
          info_id: o.info_id ?? null,
          customs_id: o.customs_id ?? null,
          info: o.info,
        })),
        acc: input.acc.map((a) => ({ id: a.id ?? null, info: a.info })),
        customs_info: input.customs_info ?? null,
        as_agreed_rates: input.as_agreed_rates,
        payment: input.payment,
        currency: input.currency ?? null,
        manual_route: false,
        route_data: route,
        flight_date: route[0]?.date ?? null,
      },
      {
        goods: input.goods_items.map(goodsOf),
        dimensions: booking.dimensions.map((d) =>
          dimensionOf({ length: d.length, width: d.width, height: d.height, pieces: d.pieces, weight: d.weight }),
        ),
        notices: input.notices.map((n) => ({ kind: n.kind, text: n.text })),
      },
      booking,
    );
  }

  // Edit.

  /**
   * PATCH: the fields given under `air_waybill` and, when given, the dimensions. Refused when voided (422) or when
   * `row_version` is not the stored one (409). The HS-code, route and SHC rules are judged on the result.
   */
  async update(auth: AuthContext, ref: AwbRef, input: AirWaybillUpdate): Promise<AirWaybillRecord> {
    return inTransaction(this.db, async (tx) => {
      const current = await this.find(tx, auth, ref, true);
      if (current.voided) throw refuse('air_waybill', 'shipmentVoided');
      if (input.row_version !== undefined && input.row_version !== current.row_version) {
        throw new AppError(409, 'Exists', message('shipmentChanged'), {}, { row_version: current.row_version });
      }
      const before = await repo.bundleOf(tx, current);
      const p = input.air_waybill;
      const values: Partial<repo.WaybillInsert> = {};
      const set = <K extends keyof repo.WaybillInsert>(key: K, value: repo.WaybillInsert[K] | undefined) => {
        if (value !== undefined) values[key] = value;
      };
      set('origin_iata', p.origin_iata);
      set('destination_iata', p.destination_iata);
      set('pieces', p.pieces);
      set('weight', p.weight === undefined ? undefined : kgText(p.weight));
      set('volume', p.volume === undefined ? undefined : kgText(p.volume));
      set('carrier', p.carrier);
      set('product_type', p.product_type);
      set('commodity', p.commodity);
      set('shcs', p.shcs);
      set('hs_codes', p.hs_codes);
      set('mrn', p.mrn);
      set('forwarder_account', p.forwarder_account);
      set('notify', p.notify === undefined ? undefined : partyOf(p.notify));
      set('shipper', p.shipper === undefined ? undefined : (partyOf(p.shipper) as AwbParty));
      set('consignee', p.consignee === undefined ? undefined : (partyOf(p.consignee) as AwbParty));
      if (p.charge_weight !== undefined) {
        values.charge_weight = p.charge_weight === null ? null : kgText(p.charge_weight);
        values.charge_weight_source = p.charge_weight === null ? null : 'manual';
      }
      set('special_service_request', p.special_service_request);
      set('other_service_request', p.other_service_request);
      set(
        'oci',
        p.oci?.map((o) => ({
          country: o.country ?? null,
          info_id: o.info_id ?? null,
          customs_id: o.customs_id ?? null,
          info: o.info,
        })),
      );
      set(
        'acc',
        p.acc?.map((a) => ({ id: a.id ?? null, info: a.info })),
      );
      set('customs_info', p.customs_info);
      set('as_agreed_rates', p.as_agreed_rates);
      set('payment', p.payment);
      set('currency', p.currency);
      set('service_start_date', p.service_start_date);
      set('manual_route', p.manual_route);
      if (p.route !== undefined) {
        values.route_data = p.route.map(legOf);
        values.flight_date = values.route_data[0]?.date ?? null;
      }
      const next = { ...current, ...values } as repo.WaybillRow;
      const goods = p.goods_items?.map(goodsOf);
      this.judge(next, goods ?? before.goods);
      if (p.carrier !== undefined && p.carrier !== current.carrier && !(await repo.airlineByCode(tx, p.carrier))) {
        throw refuse('carrier', 'awbCarrierUnknown', { carrier: p.carrier });
      }
      if (p.shcs !== undefined) {
        const owner = await repo.companyById(tx, current.airline_id);
        checkShcs(p.shcs, owner?.shcs_accepted ?? null);
      }
      const dimensions = input.dimensions ?? p.dimensions;
      const row = await repo.updateWaybill(tx, current.id, values);
      await repo.replaceChildren(tx, current.id, {
        ...(goods ? { goods } : {}),
        ...(dimensions ? { dimensions: dimensions.map(dimensionOf) } : {}),
        ...(p.notices ? { notices: p.notices.map((n) => ({ kind: n.kind, text: n.text })) } : {}),
      });
      const after = await repo.bundleOf(tx, row);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: row.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: changeSetOf(loggable(current, childLogOf(before)), loggable(row, childLogOf(after)), LOGGED),
        },
      ]);
      // The alerts read what an edit changes (weight, SHCs, legs): a changed warning flag is one more version.
      const warning = await refreshWaybillAlerts(tx, { waybillId: row.id, userId: auth.userId, now: this.clock.now() });
      await produceTelegrams(tx, 'awb_changed', row.id, auth.userId);
      if (warning === row.warning) return presentWaybill(after);
      return presentWaybill(
        await repo.bundleOf(tx, (await repo.findWaybill(tx, sql`true`, row.id)) as repo.WaybillRow),
      );
    });
  }

  /** The rules the create schema judges, again on an edited waybill: at least one HS code; legs joining up. */
  private judge(w: repo.WaybillRow, goods: readonly { hs_code?: string | null }[]): void {
    if (w.hs_codes.length === 0 && !goods.some((g) => !!g.hs_code)) throw refuse('hs_codes', 'hsCodeRequired');
    const legs = w.route_data;
    if (legs.length > 0) {
      const joined =
        legs[0]!.origin === w.origin_iata &&
        legs[legs.length - 1]!.destination === w.destination_iata &&
        legs.every((leg, i) => i === 0 || legs[i - 1]!.destination === leg.origin);
      if (!joined) throw refuse('route', 'awbRouteBroken');
      const dates = legs.map((l) => l.date).filter((d): d is string => !!d);
      if (dates.some((d, i) => i > 0 && d < dates[i - 1]!)) throw refuse('route', 'invalidFlightDate');
    }
  }

  // Calculation and rates.

  /**
   * Rates the waybill by its carrier's tariffs for its forwarder (the rating engine): stores chargeable_calc, the
   * chargeable weight (unless typed by hand or set by the airline) and the freight, charge and surcharge lines (the
   * earlier calculated lines are replaced; lines added by hand stay), and the total under prepaid or collect. With no
   * applicable tariff, or a forwarder whose agreement does not show tariffs, only the chargeable weight is stored.
   */
  async calculate(auth: AuthContext, ref: AwbRef, body: CalculateBody): Promise<Calculation> {
    const row = await this.find(this.db, auth, ref);
    if (row.voided) throw refuse('air_waybill', 'shipmentVoided');
    const dims = await repo.bundleOf(this.db, row);
    const date = body.date ?? row.flight_date ?? this.today();
    const legs = row.route_data;
    const via = legs.slice(0, -1).map((l) => l.destination);
    let shows = true;
    if (auth.companyType === 'forwarder' && auth.companyId !== null) {
      shows = await this.rater.shows(auth.companyId, row.airline_id);
    }
    let quote: Quote;
    try {
      quote = await this.rater.rate(shows ? row.airline_id : null, row.carrier, {
        carrier: row.carrier,
        origin: row.origin_iata,
        destination: row.destination_iata,
        via,
        date,
        pieces: row.pieces,
        weight: row.weight,
        volume: Number(row.volume) > 0 ? row.volume : null,
        dimensions: dims.dimensions.map((d) => ({
          pieces: d.pieces,
          length: d.length,
          width: d.width,
          height: d.height,
        })),
        airlineDefinedWeight: row.airline_defined_cw,
        product: row.product_type,
        shcs: row.shcs,
        company: String(row.forwarder_id),
        currency: row.currency,
      });
    } catch (error) {
      if (error instanceof RatingInputError) throw validation({ [error.field]: [error.message] }, error.message);
      throw error;
    }
    const c = quote.chargeable;
    const calc = {
      cw_auto_calculation: c.source !== 'airline',
      gross_weight: Number(c.gross_weight),
      volume_weight: Number(c.volume_weight),
      min_chargeable: Number(c.min_chargeable),
      chargeable_weight: Number(c.chargeable_weight),
    };
    const warnings: Calculation['warnings'] = [];
    const lines: repo.RateLineInsert[] = [];
    if (quote.ok) {
      for (const l of quote.lines) {
        lines.push({
          code: l.code,
          rate_class_code: l.rate_class_code,
          description: l.description,
          rate: l.rate,
          amount: l.amount,
          currency: l.currency,
          base_value: l.base_value,
          basis: l.basis,
          vat: l.vat,
          vat_percent: l.vat_percent,
          invoice_number: null,
          unit_code: l.unit_code,
          supplier_id: row.airline_id,
          buyer_id: row.forwarder_id,
          calculation_type: 'auto',
        });
      }
    } else {
      warnings.push({
        message: 'Information about tariffs is not available',
        message_key: { key: 'tariffsNotAvailable', params: {} },
      });
    }
    return inTransaction(this.db, async (tx) => {
      const locked = await this.find(tx, auth, row.id, true);
      if (locked.voided) throw refuse('air_waybill', 'shipmentVoided');
      await repo.deleteRateLines(tx, locked.id, 'auto');
      await repo.insertRateLines(tx, locked.id, lines);
      const all = await repo.rateLinesOf(tx, locked.id);
      const totals = totalOf(all);
      const keepTyped = locked.charge_weight_source === 'manual';
      const chargeWeight = formatScaled(
        parseScaled(c.chargeable_weight, WEIGHT_DECIMALS, 'chargeable_weight'),
        WEIGHT_DECIMALS,
      );
      const values: Partial<repo.WaybillInsert> = {
        chargeable_calc: calc,
        ...(keepTyped
          ? {}
          : { charge_weight: chargeWeight, charge_weight_source: c.source === 'airline' ? 'airline' : 'auto' }),
        currency: totals?.currency ?? locked.currency,
        prepaid_total: locked.payment === 'prepaid' ? (totals?.amount ?? null) : null,
        collect_total: locked.payment === 'collect' ? (totals?.amount ?? null) : null,
      };
      const updated = await repo.updateWaybill(tx, locked.id, values);
      const bundle = await repo.bundleOf(tx, updated);
      const kids = childLogOf(bundle);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: locked.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: {
            ...changeSetOf(loggable(locked, kids), loggable(updated, kids), LOGGED),
            rate_lines: [null, all.map((l) => `${l.code} ${l.amount} ${l.currency}`)],
          },
        },
      ]);
      await produceTelegrams(tx, 'awb_changed', locked.id, auth.userId);
      const record = presentWaybill(bundle);
      return {
        air_waybill: record,
        chargeable_calc: calc,
        rate_lines: record.rate_lines,
        tariff_found: quote.ok,
        warnings,
      };
    });
  }

  async rates(auth: AuthContext, ref: AwbRef): Promise<{ data: RateLine[] }> {
    const row = await this.find(this.db, auth, ref);
    return { data: (await repo.rateLinesOf(this.db, row.id)).map(presentRateLine) };
  }

  async addRate(auth: AuthContext, ref: AwbRef, input: RateLineCreate): Promise<RateLine> {
    return inTransaction(this.db, async (tx) => {
      const row = await this.find(tx, auth, ref, true);
      if (row.voided) throw refuse('air_waybill', 'shipmentVoided');
      const [line] = await repo.insertRateLines(tx, row.id, [
        {
          code: input.code,
          rate_class_code: input.rate_class_code ?? null,
          description: input.description ?? null,
          rate: input.rate ?? null,
          amount: input.amount,
          currency: input.currency,
          base_value: input.base_value ?? null,
          basis: input.basis ?? null,
          vat: input.vat ?? null,
          vat_percent: input.vat_percent ?? null,
          invoice_number: input.invoice_number ?? null,
          unit_code: input.unit_code ?? null,
          supplier_id: input.supplier_id ?? null,
          buyer_id: input.buyer_id ?? null,
          calculation_type: 'manual',
        },
      ]);
      await this.retotal(tx, auth, row, { rate_lines: [null, `+ ${input.code} ${input.amount} ${input.currency}`] });
      return presentRateLine(line!);
    });
  }

  async deleteRate(auth: AuthContext, ref: AwbRef, rateId: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const row = await this.find(tx, auth, ref, true);
      if (row.voided) throw refuse('air_waybill', 'shipmentVoided');
      if (!(await repo.deleteRateLine(tx, row.id, rateId))) throw notFound(message('rateLineNotFound'));
      await this.retotal(tx, auth, row, { rate_lines: [rateId, null] });
    });
  }

  /** The totals again after the rate lines changed, logged with what changed. */
  private async retotal(
    tx: Db,
    auth: AuthContext,
    row: repo.WaybillRow,
    change: Record<string, [unknown, unknown]>,
  ): Promise<void> {
    const totals = totalOf(await repo.rateLinesOf(tx, row.id));
    const amount = totals?.amount ?? null;
    await repo.updateWaybill(tx, row.id, {
      currency: totals?.currency ?? row.currency,
      prepaid_total: row.payment === 'prepaid' ? amount : null,
      collect_total: row.payment === 'collect' ? amount : null,
    });
    await writeChangeLogs(tx, [
      { record_type: 'air_waybill', record_id: row.id, channel: 'web', user_id: auth.userId, change_set: change },
    ]);
    await produceTelegrams(tx, 'awb_changed', row.id, auth.userId);
  }

  // Bookings.

  async bookings(auth: AuthContext, ref: AwbRef): Promise<{ data: AwbBooking[] }> {
    const row = await this.find(this.db, auth, ref);
    const rows = await repo.bookingsOfWaybill(this.db, row);
    const legs = await repo.legsOfBookings(
      this.db,
      rows.map((b) => b.id),
    );
    const now = this.clock.now();
    return {
      data: rows.map((b) =>
        presentAwbBooking(
          b,
          legs.filter((l) => l.booking_id === b.id),
          now,
        ),
      ),
    };
  }
}

/**
 * The total of the rate lines in the waybill's currency: the currency of the first line, summing the lines in it
 * (lines in another currency are left out of the total). Exact decimal sums (scaled integers).
 */
function totalOf(lines: readonly repo.RateLineRow[]): { currency: string; amount: string } | null {
  const first = lines[0];
  if (!first) return null;
  let cents = 0n;
  for (const l of lines) if (l.currency === first.currency) cents += parseScaled(l.amount, 2, 'amount');
  return { currency: first.currency, amount: formatScaled(cents, 2) };
}

/** Waybills rated by the tariffs module's prepared engines (one cache per process, dropped on tariff changes). */
export function engineRater(
  quotes: Pick<QuoteService, 'engine' | 'showsTariffs'>,
  empty: PreparedRating,
): WaybillRater {
  return {
    async rate(airlineId, carrier, shipment) {
      const prepared = airlineId === null ? empty : await quotes.engine(airlineId, carrier);
      return prepared.quote(shipment);
    },
    shows: (forwarderId, airlineId) => quotes.showsTariffs(forwarderId, airlineId),
  };
}

/**
 * Keeps the booked flag of the waybill with this number true to its bookings (the bookings module calls it in the
 * transaction that changed a booking with a number).
 */
export function refreshBookedFlag(tx: Db, mawb: string): Promise<void> {
  return repo.refreshBookedFlag(tx, mawb);
}
