/**
 * Demo air waybills (issue 12 item 8): after the demo bookings (demo-bookings.ts), every demo booking that holds an AWB
 * number from the forwarder's demo stock gets its master waybill, and the waybills go through the lifecycle states the
 * lists and the detail show: booked (and, for bookings still in the airline's queue, waiting), issued, departed with
 * movements, delivered, verified, voided with the void payment required (after an accepted void request) or not
 * required, one with an open void request and one whose request was declined, and one with warnings (its weight
 * differs from the booking's, and it is issued on paper; the other issued ones are e-AWBs), the alerts and the warning
 * flag as the lifecycle's rules raise them. Issued waybills carry house waybills and goods items; two drafts of FWDA take the next
 * numbers of its stock without a booking. The numbers are recorded in the stock (used, or voided for good).
 * Deterministic: the same demo bookings give the same waybills; run once per database (nothing is added when the demo
 * waybills exist).
 */

import { renderMessage } from '@aircargo/contract/messages';
import { formatAwb, parseAwb } from '@aircargo/domain/awb';
import { utcToLocal } from '@aircargo/domain/time';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { allocateNumber, useNumber, voidNumber } from '../../modules/stocks/stocks.service';
import { alertCodes } from '../../modules/waybill-lifecycle/waybill-lifecycle.alerts';
import { ALERT_MESSAGES } from '../../modules/waybill-lifecycle/waybill-lifecycle.presenter';
import { type ChangeLogRow, writeChangeLogs } from '../../platform/change-log';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/transactions';
import {
  type AwbLeg,
  type AwbParty,
  airports,
  airWaybills,
  awbAlerts,
  awbGoodsItems,
  awbMovements,
  awbVoidRequests,
  bookingSegments,
  bookings,
  companies,
  houseWaybills,
  memberships,
  segments,
} from '../schema';

/** The lifecycle state a demo waybill is brought to. */
export type DemoWaybillState =
  | 'booked'
  | 'issued'
  | 'departed'
  | 'delivered'
  | 'verified'
  | 'voided_required'
  | 'voided_not_required'
  | 'void_requested'
  | 'void_declined'
  | 'warning';

/** The states given in turn to the confirmed bookings' waybills; a booking still waiting (NN) stays booked. */
export const DEMO_WAYBILL_CYCLE: readonly DemoWaybillState[] = [
  'issued',
  'departed',
  'delivered',
  'verified',
  'booked',
  'voided_required',
  'void_requested',
  'departed',
  'voided_not_required',
  'void_declined',
  'delivered',
  'warning',
];

/** Drafts without a booking, per forwarder, numbered from its stock. */
const DEMO_DRAFTS: Record<string, { carrier: string; origin: string; destination: string }[]> = {
  FWDA: [
    { carrier: 'SU', origin: 'SVO', destination: 'LED' },
    { carrier: 'SU', origin: 'LED', destination: 'SVO' },
  ],
};

const HS_CODES: Record<string, string> = {
  Consolidation: '847130',
  'Lithium batteries': '850650',
  'Fresh fish': '030211',
};

const SHIPPERS: AwbParty[] = [
  party('Volga Electronics LLC', 'Leninsky prospekt 30', 'Moscow', 'RU', '119334', '+74951234567', '7701234567'),
  party('Neva Seafood JSC', 'Nevsky prospekt 100', 'Saint Petersburg', 'RU', '191025', '+78121234567', '7801234567'),
  party('Ural Parts LLC', 'Lenina 10', 'Yekaterinburg', 'RU', '620014', '+73431234567', '6601234567'),
];
const CONSIGNEES: AwbParty[] = [
  party('Steppe Trading LLP', 'Abay avenue 15', 'Almaty', 'KZ', '050000', '+77272123456', null),
  party('Baltic Retail LLC', 'Moskovsky prospekt 7', 'Saint Petersburg', 'RU', '196084', '+78129876543', '7809876543'),
  party('Capital Logistics LLP', 'Kabanbay batyr 40', 'Astana', 'KZ', '010000', '+77172123456', null),
];

function party(
  name: string,
  address: string,
  city: string,
  country_code: string,
  post_code: string,
  contacts: string,
  tax_id: string | null,
): AwbParty {
  return { name, address, city, state: null, country_code, post_code, contacts, tax_id };
}

const HOUR = 3_600_000;

/** Prefix and serial (as a number) of a written AWB number; null when it is not one. */
function awbParts(mawb: string): { prefix: string; serial: number } | null {
  const parsed = parseAwb(mawb);
  return parsed ? { prefix: parsed.prefix, serial: Number(parsed.serial) } : null;
}
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

interface DemoBooking {
  id: number;
  forwarder_id: number;
  airline_id: number;
  carrier: string;
  mawb: string;
  origin: string;
  destination: string;
  pieces: number;
  weight: string;
  volume: string;
  commodity: string | null;
  shcs: string[];
  response_status: string;
  active: boolean;
}

interface DemoLeg {
  origin: string;
  destination: string;
  carrier: string;
  number: string;
  flight_date: string;
  std: Date;
  sta: Date;
  segment_id: number;
}

/** What a state sets on the waybill (flags and the dates that go with them). */
function stateValues(state: DemoWaybillState, created: Date, legs: readonly DemoLeg[]) {
  const first = legs[0] as DemoLeg;
  const last = legs.at(-1) as DemoLeg;
  const issued = state !== 'booked';
  const departed = ['departed', 'delivered', 'verified'].includes(state);
  const delivered = state === 'delivered' || state === 'verified';
  const voided = state === 'voided_required' || state === 'voided_not_required';
  const issuedAt = issued ? at(created, 1) : null;
  return {
    issued,
    departed,
    delivered,
    verified: state === 'verified',
    voided,
    issued_at: issuedAt,
    issue_date: issuedAt ? issuedAt.toISOString().slice(0, 10) : null,
    departed_at: departed ? first.std : null,
    delivered_at: delivered ? at(last.sta, 24) : null,
    verified_at: state === 'verified' ? at(last.sta, 48) : null,
    billing_date: issued ? first.flight_date : null,
    voided_at: voided ? at(created, 3) : null,
    void_payment:
      state === 'voided_required'
        ? ('required' as const)
        : state === 'voided_not_required'
          ? ('not_required' as const)
          : null,
    void_reason:
      state === 'voided_required'
        ? 'Shipper cancelled the shipment'
        : state === 'voided_not_required'
          ? 'Blank damaged while printing'
          : null,
  };
}

/** The movements (Cargo-IMP status events) of a waybill that has departed, delivered or not. */
function movementsOf(
  legs: readonly DemoLeg[],
  pieces: number,
  weight: string,
  delivered: boolean,
  zones: Map<string, string>,
) {
  const first = legs[0] as DemoLeg;
  const last = legs.at(-1) as DemoLeg;
  const events: { location: string; code: string; time: Date }[] = [
    { location: first.origin, code: 'RCS', time: at(first.std, -6) },
    ...legs.flatMap((leg) => [
      { location: leg.origin, code: 'MAN', time: at(leg.std, -2) },
      { location: leg.origin, code: 'DEP', time: leg.std },
    ]),
  ];
  if (delivered) {
    events.push(
      { location: last.destination, code: 'ARR', time: last.sta },
      { location: last.destination, code: 'RCF', time: at(last.sta, 2) },
      { location: last.destination, code: 'NFD', time: at(last.sta, 3) },
      { location: last.destination, code: 'DLV', time: at(last.sta, 24) },
    );
  }
  return events.map((e) => ({
    location_iata: e.location,
    status_code: e.code,
    time_utc: e.time,
    time_local: utcToLocal(e.time, zones.get(e.location) ?? 'UTC'),
    pieces,
    weight,
  }));
}

/**
 * Makes the demo waybills of the demo bookings (see the file comment). Answers how many waybills it made: 0 when
 * there are no demo bookings with numbers or the demo waybills exist already.
 */
export async function loadDemoWaybills(db: Db, clock: Clock): Promise<number> {
  const demoBookings: DemoBooking[] = (
    await db
      .select({
        id: bookings.id,
        forwarder_id: bookings.forwarder_id,
        airline_id: bookings.airline_id,
        carrier: bookings.carrier,
        mawb: bookings.mawb,
        origin: bookings.origin,
        destination: bookings.destination,
        pieces: bookings.pieces,
        weight: bookings.weight,
        volume: bookings.volume,
        commodity: bookings.commodity,
        shcs: bookings.shcs,
        response_status: bookings.response_status,
        active: bookings.active,
      })
      .from(bookings)
      .where(and(eq(bookings.source, 'system'), isNotNull(bookings.mawb)))
      .orderBy(asc(bookings.id))
  ).map((b) => ({ ...b, mawb: b.mawb as string }));
  if (demoBookings.length === 0) return 0;
  const [made] = await db
    .select({ n: count() })
    .from(airWaybills)
    .where(
      inArray(
        airWaybills.booking_id,
        demoBookings.map((b) => b.id),
      ),
    );
  if ((made?.n ?? 0) > 0) return 0;

  const legRows = await db
    .select({
      booking_id: bookingSegments.booking_id,
      origin: segments.origin,
      destination: segments.destination,
      carrier: segments.carrier,
      number: segments.number,
      flight_date: segments.flight_date,
      std: segments.std,
      sta: segments.sta,
      segment_id: segments.id,
    })
    .from(bookingSegments)
    .innerJoin(segments, eq(segments.id, bookingSegments.segment_id))
    .where(
      inArray(
        bookingSegments.booking_id,
        demoBookings.map((b) => b.id),
      ),
    )
    .orderBy(bookingSegments.booking_id, bookingSegments.sequence);
  const legsOf = new Map<number, DemoLeg[]>();
  for (const r of legRows) legsOf.set(r.booking_id, [...(legsOf.get(r.booking_id) ?? []), r]);
  const zones = new Map(
    (await db.select({ iata: airports.iata, timezone: airports.timezone }).from(airports)).map((a) => [
      a.iata,
      a.timezone,
    ]),
  );
  const companyRows = await db
    .select({ id: companies.id, short: companies.short_name, code: companies.airline_code })
    .from(companies)
    .where(inArray(companies.short_name, ['SU', 'KC', 'FWDA', 'FWDB']));
  const idOf = new Map(companyRows.map((c) => [c.short, c.id]));
  /** Each company's first member: the users the requests and the log name. */
  const memberRows = await db
    .select({ company_id: memberships.company_id, user_id: memberships.user_id })
    .from(memberships)
    .where(
      inArray(
        memberships.company_id,
        companyRows.map((c) => c.id),
      ),
    )
    .orderBy(memberships.id);
  const userOf = new Map<number, number>();
  for (const m of memberRows) if (!userOf.has(m.company_id)) userOf.set(m.company_id, m.user_id);

  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const logs: ChangeLogRow[] = [];
    let confirmed = 0;
    let index = 0;
    // The bookings' numbers first, so that the drafts' allocation passes over them.
    for (const b of demoBookings) {
      const number = awbParts(b.mawb);
      if (!number) continue;
      await useNumber(tx, {
        airlineId: b.airline_id,
        prefix: number.prefix,
        serial: number.serial,
        forwarderId: b.forwarder_id,
      });
    }
    const seen = new Set<string>();
    for (const b of demoBookings) {
      const legs = legsOf.get(b.id) ?? [];
      if (seen.has(b.mawb)) continue;
      seen.add(b.mawb);
      const number = awbParts(b.mawb);
      if (legs.length === 0 || !number) continue;
      const waiting = b.response_status !== 'KK';
      const state: DemoWaybillState = waiting
        ? 'booked'
        : (DEMO_WAYBILL_CYCLE[confirmed++ % DEMO_WAYBILL_CYCLE.length] as DemoWaybillState);
      const created = new Date(now.getTime() - (demoBookings.length - index) * 10 * 60_000);
      const values = stateValues(state, created, legs);
      const commodity = b.commodity ?? 'Consolidation';
      const hs = HS_CODES[commodity] ?? '847130';
      // The warning waybill weighs more than its booking says and is issued on paper; the others issued are e-AWBs.
      const weight = state === 'warning' ? (Number(b.weight) + 25).toFixed(3) : b.weight;
      const shcs = values.issued && state !== 'warning' ? [...b.shcs, 'EAW'] : b.shcs;
      // The alerts as the lifecycle raises them (waybill-lifecycle.alerts): the numbers are the forwarder's stock.
      const alerts = alertCodes({
        issued: values.issued,
        voided: values.voided,
        weight,
        shcs,
        forwarderAccount: null,
        bookingWeights: b.active ? [b.weight] : [],
        numberAssigned: true,
        forwarderIataCode: null,
        cancelledSegment: false,
        discrepancy: false,
      });
      const chargeable = Math.max(Number(weight), (Number(b.volume) * 1_000_000) / 6000);
      const route: AwbLeg[] = legs.map((l) => ({
        origin: l.origin,
        destination: l.destination,
        carrier: l.carrier,
        flight: `${l.carrier}${l.number}`,
        date: l.flight_date,
        segment_id: l.segment_id,
      }));
      const [waybill] = await tx
        .insert(airWaybills)
        .values({
          mawb: formatAwb(number.prefix, number.serial),
          prefix: number.prefix,
          serial: number.serial,
          airline_id: b.airline_id,
          forwarder_id: b.forwarder_id,
          booking_id: b.id,
          origin_iata: b.origin,
          destination_iata: b.destination,
          pieces: b.pieces,
          weight,
          volume: b.volume,
          carrier: b.carrier,
          product_type: b.shcs.includes('PER') ? 'Perishable' : 'General',
          commodity,
          source: 'booking',
          shcs,
          hs_codes: [hs],
          shipper: SHIPPERS[index % SHIPPERS.length] as AwbParty,
          consignee: CONSIGNEES[index % CONSIGNEES.length] as AwbParty,
          charge_weight: chargeable.toFixed(3),
          charge_weight_source: 'auto',
          chargeable_calc: {
            cw_auto_calculation: true,
            gross_weight: Number(weight),
            volume_weight: Math.round(((Number(b.volume) * 1_000_000) / 6000) * 1000) / 1000,
            min_chargeable: 0,
            chargeable_weight: Math.round(chargeable * 1000) / 1000,
          },
          payment: index % 5 === 4 ? 'collect' : 'prepaid',
          route_data: route,
          booked: b.active,
          su_booking_status: b.response_status,
          flight_date: legs[0]?.flight_date ?? null,
          service_start_date: legs[0]?.flight_date ?? null,
          created_by: userOf.get(b.forwarder_id) ?? null,
          created_at: created,
          updated_at: created,
          ...values,
          warning: alerts.length > 0,
        })
        .returning({ id: airWaybills.id, mawb: airWaybills.mawb });
      const id = (waybill as { id: number }).id;
      index += 1;
      logs.push({
        record_type: 'air_waybill',
        record_id: id,
        channel: 'system',
        user_id: null,
        change_set: { mawb: [null, b.mawb], state: [null, state] },
      });
      await tx.insert(awbGoodsItems).values({
        air_waybill_id: id,
        description: commodity,
        hs_code: hs,
        pieces: b.pieces,
        weight,
      });
      // Houses under the issued consolidations: two, sharing the master's pieces and weight.
      if (values.issued && commodity === 'Consolidation' && b.pieces >= 2) {
        const firstPieces = Math.floor(b.pieces / 2);
        const firstWeight = Math.round((Number(weight) * firstPieces * 1000) / b.pieces) / 1000;
        const houses = [
          { pieces: firstPieces, weight: firstWeight },
          { pieces: b.pieces - firstPieces, weight: Math.round((Number(weight) - firstWeight) * 1000) / 1000 },
        ];
        await tx.insert(houseWaybills).values(
          houses.map((h, i) => ({
            air_waybill_id: id,
            serial_number: `H${number.serial}${i + 1}`,
            origin: b.origin,
            destination: b.destination,
            pieces: h.pieces,
            weight: h.weight.toFixed(3),
            manifest_description_of_goods: i === 0 ? 'Computer equipment' : 'Spare parts',
            hs_codes: [i === 0 ? '847130' : '848790'],
            shipper: SHIPPERS[(index + i) % SHIPPERS.length] as AwbParty,
            consignee: CONSIGNEES[(index + i + 1) % CONSIGNEES.length] as AwbParty,
            created_at: created,
            updated_at: created,
          })),
        );
      }
      if (values.departed) {
        await tx
          .insert(awbMovements)
          .values(
            movementsOf(legs, b.pieces, weight, values.delivered, zones).map((m) => ({ ...m, air_waybill_id: id })),
          );
      }
      const forwarderUser = userOf.get(b.forwarder_id) ?? null;
      const airlineUser = userOf.get(b.airline_id) ?? null;
      if (state === 'voided_required' || state === 'void_requested' || state === 'void_declined') {
        const resolved = state !== 'void_requested';
        await tx.insert(awbVoidRequests).values({
          air_waybill_id: id,
          requested_by_company_id: b.forwarder_id,
          requested_by_user_id: forwarderUser,
          reason: state === 'void_declined' ? 'Shipment moved to another waybill' : 'Shipper cancelled the shipment',
          status: state === 'voided_required' ? 'accepted' : state === 'void_declined' ? 'declined' : 'requested',
          resolve_reason: state === 'void_declined' ? 'The cargo has been accepted at the warehouse' : null,
          payment_needed: state === 'voided_required' ? true : null,
          resolved_by: resolved ? airlineUser : null,
          resolved_at: resolved ? at(created, 3) : null,
          created_at: at(created, 2),
          updated_at: at(created, resolved ? 3 : 2),
        });
      }
      if (values.voided) {
        await voidNumber(tx, { airlineId: b.airline_id, prefix: number.prefix, serial: number.serial });
      }
      if (alerts.length > 0) {
        await tx.insert(awbAlerts).values(
          alerts.map((code) => ({
            air_waybill_id: id,
            code,
            text: renderMessage({ key: ALERT_MESSAGES[code], params: {} }),
            created_at: values.issued_at ?? created,
          })),
        );
      }
    }
    // Drafts: typed by the forwarder without a booking, numbered from its stock.
    for (const [short, drafts] of Object.entries(DEMO_DRAFTS)) {
      const forwarderId = idOf.get(short);
      if (forwarderId === undefined) continue;
      for (const [i, d] of drafts.entries()) {
        const airlineId = idOf.get(d.carrier);
        if (airlineId === undefined) continue;
        const prefix = d.carrier === 'SU' ? '555' : '465';
        const allocated = await allocateNumber(tx, { airlineId, forwarderId, prefix });
        const created = new Date(now.getTime() - (drafts.length - i) * 5 * 60_000);
        const [waybill] = await tx
          .insert(airWaybills)
          .values({
            mawb: allocated.number,
            prefix,
            serial: allocated.serial,
            airline_id: airlineId,
            forwarder_id: forwarderId,
            origin_iata: d.origin,
            destination_iata: d.destination,
            pieces: 3 + i,
            weight: (120 + 40 * i).toFixed(3),
            volume: (0.8 + 0.2 * i).toFixed(3),
            carrier: d.carrier,
            product_type: 'General',
            commodity: 'Consolidation',
            source: 'web',
            hs_codes: ['847130'],
            shipper: SHIPPERS[i % SHIPPERS.length] as AwbParty,
            consignee: CONSIGNEES[(i + 1) % CONSIGNEES.length] as AwbParty,
            created_by: userOf.get(forwarderId) ?? null,
            created_at: created,
            updated_at: created,
          })
          .returning({ id: airWaybills.id });
        const id = (waybill as { id: number }).id;
        await tx
          .insert(awbGoodsItems)
          .values({ air_waybill_id: id, description: 'Consolidation', hs_code: '847130', pieces: 3 + i });
        logs.push({
          record_type: 'air_waybill',
          record_id: id,
          channel: 'system',
          user_id: null,
          change_set: { mawb: [null, allocated.number], state: [null, 'draft'] },
        });
        index += 1;
      }
    }
    await writeChangeLogs(tx, logs);
    return index;
  });
}
