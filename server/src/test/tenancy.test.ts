import { PUBLIC } from '@aircargo/domain';
import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agreements,
  airWaybills,
  attachments,
  awbAlerts,
  awbMovements,
  awbNumbers,
  awbPrefixes,
  awbRateLines,
  awbStockRanges,
  awbVoidRequests,
  baggageAverages,
  baggageStats,
  companies,
  forwarderCustomers,
  handlers,
  houseWaybills,
  incomingTelegrams,
  invitations,
  memberships,
  messageSettings,
  outgoingMessages,
  paxOdAverages,
  segmentPayloads,
  telegramIntakeKeys,
  users,
} from '../db/schema';
import {
  createAirWaybill,
  createBooking,
  createConnectionTime,
  createFlight,
  createPermittedRoute,
  createRestrictedPrices,
  createSsimTelegram,
} from './factories';
import { createTestApp, DEMO } from './harness';
import { fillUrl, paramsOf, resourceOf } from './route-params';

/**
 * Generated over every guarded route: forwarder B (in each of its roles) never reads or changes forwarder A's data.
 * Routes with ids are called with every id of A's records; lists must not mention A; afterwards A's rows are unchanged.
 */
const ctx = await createTestApp();
const { app, database } = ctx;
const db = database.db;

const [fwdA] = await db.select().from(companies).where(eq(companies.short_name, 'FWDA'));
const [fwdB] = await db.select().from(companies).where(eq(companies.short_name, 'FWDB'));
const aUsers = await db
  .select({ id: users.id })
  .from(users)
  .innerJoin(memberships, eq(memberships.user_id, users.id))
  .where(eq(memberships.company_id, fwdA!.id));
const aAgreements = await db.select({ id: agreements.id }).from(agreements).where(eq(agreements.client_id, fwdA!.id));
const [aCustomer] = await db
  .insert(forwarderCustomers)
  .values({ forwarder_id: fwdA!.id, name: 'Customer of A', city: 'Moscow', country: 'RU' })
  .returning();
/** A waybill of A (its rows in the air-waybill lists carry A's name): B's lists never show it. */
await createAirWaybill(ctx, { forwarder_id: fwdA!.id });
/** Airlines A holds an agreement with and B does not: their rules and airports are for A's eyes. */
const suppliersOf = async (clientId: number) =>
  (await db.select({ id: agreements.supplier_id }).from(agreements).where(eq(agreements.client_id, clientId))).map(
    (r) => r.id,
  );
const bSuppliers = new Set(await suppliersOf(fwdB!.id));
const aOnlyAirlines = (await suppliersOf(fwdA!.id)).filter((id) => !bSuppliers.has(id));
/** A handler of an airline A deals with: airline data, which a forwarder may not reach at all. */
const [partnerHandler] = await db
  .insert(handlers)
  .values({ airline_id: aOnlyAirlines[0]!, airport: 'ALA', name: 'Handler of A partner' })
  .returning();
/** Capacity data of an airline A deals with: airline data, which a forwarder never reaches by id. */
const partnerAirline = aOnlyAirlines[0]!;
const route = { airline_id: partnerAirline, origin: 'ALA', destination: 'NQZ' };
const [partnerPayload] = await db
  .insert(segmentPayloads)
  .values({ ...route, aircraft_type: '320', payload: '15000', season: 'summer' })
  .returning();
const [partnerPax] = await db
  .insert(paxOdAverages)
  .values({ ...route, aircraft_type: '320', quantity: '120' })
  .returning();
const [partnerBaggageAverage] = await db
  .insert(baggageAverages)
  .values({ ...route, beginning_of_period: '2026-01-01', end_of_period: '2026-01-31' })
  .returning();
const [partnerBaggageStat] = await db
  .insert(baggageStats)
  .values({ ...route, flight_date: '2026-01-10', pax: 100, baggage_pcs: 90, baggage_weight: '1400' })
  .returning();
// A pending invitation of one of A's users (to B's own company): B must not answer it for them.
// Prices an airline B also deals with restricted to A, and a commodity group of an airline only A deals with.
const suppliersOfB = [...bSuppliers];
const aPrices = await createRestrictedPrices(ctx, suppliersOfB[0]!, fwdA!.id);
const aOnlyPrices = await createRestrictedPrices(ctx, aOnlyAirlines[0]!, fwdA!.id);
const aInvitations = await db
  .insert(invitations)
  .values({ company_id: fwdB!.id, user_id: aUsers[0]!.id, roles: ['operator'] })
  .returning({ id: invitations.id });
// A schedule telegram of an airline A deals with: airline data, which a forwarder may not reach at all.
const aTelegram = await createSsimTelegram(ctx, { airlineId: aOnlyAirlines[0]! });
/** Incoming telegrams (Cargo-IMP and AHM) received by an airline A deals with, and that airline's intake key. */
const incomingOfA = (family: string) => ({
  family,
  message_type: family === 'ahm' ? 'MVT' : 'FSU',
  source: 'upload',
  body: 'FSU/15',
  original_body: 'FSU/15',
  body_hash: family,
  company_id: aOnlyAirlines[0]!,
  airline_id: aOnlyAirlines[0]!,
});
const aIncoming = await db
  .insert(incomingTelegrams)
  .values([incomingOfA('cimp'), incomingOfA('ahm')])
  .returning({ id: incomingTelegrams.id });
const [aIntakeKey] = await db
  .insert(telegramIntakeKeys)
  .values({ company_id: aOnlyAirlines[0]!, name: 'gateway of A partner', prefix: 'tik_', key_hash: 'tenancy-a' })
  .returning({ id: telegramIntakeKeys.id });

// A message setting and an outgoing message of an airline A deals with: airline data, which a forwarder never reaches.
const [partnerSetting] = await db
  .insert(messageSettings)
  .values({
    company_id: partnerAirline,
    airline_id: partnerAirline,
    event: 'awb_created',
    message_type: 'FWB',
    channel: 'email',
    addresses: ['ops@partner.example'],
  })
  .returning();
const [partnerMessage] = await db
  .insert(outgoingMessages)
  .values({
    company_id: partnerAirline,
    airline_id: partnerAirline,
    event: 'awb_created',
    message_type: 'FWB',
    channel: 'email',
    to_addresses: ['ops@partner.example'],
    body: 'FWB/16',
    message_id: '<om-tenancy@partner.example>',
    status: 'dead',
  })
  .returning();

/** A flight of an airline only A deals with: a forwarder reads the flights of its agreement airlines only. */
const partnerFlight = await createFlight(ctx, aOnlyAirlines[0]!);
/** Routing settings of an airline only A deals with: airline data, which a forwarder may not reach at all. */
const partnerPermittedRoute = await createPermittedRoute(ctx, aOnlyAirlines[0]!);
const partnerConnectionTime = await createConnectionTime(ctx, aOnlyAirlines[0]!);

/** A's booking on that flight, an allotment for A on it and a booking rule of the airline. */
const aBooking = await createBooking(ctx, await ctx.signIn(DEMO.fwdA), partnerFlight.segmentIds);
const partnerToken = await ctx.signIn(DEMO.xxManager);
const aAllotment = (
  await ctx.call('POST', '/api/v3/allotments', partnerToken, {
    origin_iata: 'SVO',
    destination_iata: 'ALA',
    forwarder_id: fwdA!.id,
    weight: 100,
    volume: 1,
    timelimit_to_std: 0,
    segment_id: partnerFlight.segmentIds[0],
  })
).json() as { id: number };
const partnerRule = (
  await ctx.call('POST', '/api/v3/booking_rules', partnerToken, {
    segment_id: partnerFlight.segmentIds[0],
    response_status: 'NN',
  })
).json() as { id: number };

/** A's air waybill (on the booking's partner airline's prefix when it has one, else the demo 555) with a rate line. */
const aWaybill = await createAirWaybill(ctx, { forwarder_id: fwdA!.id, commodity: 'Customer of A goods' });
const [aRateLine] = await db
  .insert(awbRateLines)
  .values({ air_waybill_id: aWaybill.id, code: 'FC', amount: '100.00', currency: 'USD', calculation_type: 'manual' })
  .returning();

/** AWB prefixes of an airline only A deals with (A sees them through its ranges; B must not reach them by id). */
const partnerPrefixes = await db
  .select({ id: awbPrefixes.id })
  .from(awbPrefixes)
  .where(inArray(awbPrefixes.airline_id, aOnlyAirlines));

/** A house and a movement of A's waybill (houses and movements are reached through the master). */
const [aHouse] = await db
  .insert(houseWaybills)
  .values({
    air_waybill_id: aWaybill.id,
    serial_number: 'AHOUSE1',
    origin: 'SVO',
    destination: 'ALA',
    pieces: 1,
    weight: '10',
  })
  .returning();
const [aMovement] = await db
  .insert(awbMovements)
  .values({
    air_waybill_id: aWaybill.id,
    location_iata: 'SVO',
    status_code: 'RCS',
    time_local: '2026-06-15T10:30',
    time_utc: new Date('2026-06-15T07:30:00Z'),
  })
  .returning();
/** An open void request of A's waybill and an alert on it (lifecycle, void requests, alerts). */
const [aVoidRequest] = await db
  .insert(awbVoidRequests)
  .values({ air_waybill_id: aWaybill.id, requested_by_company_id: fwdA!.id, reason: 'Request of A' })
  .returning({ id: awbVoidRequests.id });
const [aAlert] = await db
  .insert(awbAlerts)
  .values({ air_waybill_id: aWaybill.id, code: 'missing_eawb', text: 'Missing eAWB' })
  .returning({ id: awbAlerts.id });
/** An attachment of A's waybill (B must not list, download or delete it). */
const [aAttachment] = await db
  .insert(attachments)
  .values({
    attachable_type: 'air_waybill',
    attachable_id: aWaybill.id,
    air_waybill_id: aWaybill.id,
    doc_type: 'Invoice',
    file_name: 'invoice of A.pdf',
    content_type: 'application/pdf',
    size: 9,
    storage_key: 'attachments/2026/11/tenancy-a',
    sha256: '0'.repeat(64),
    company_id: fwdA!.id,
  })
  .returning();

async function snapshotOfA() {
  return {
    company: await db.select().from(companies).where(eq(companies.id, fwdA!.id)),
    memberships: await db
      .select()
      .from(memberships)
      .where(eq(memberships.company_id, fwdA!.id))
      .orderBy(memberships.id),
    agreements: await db
      .select()
      .from(agreements)
      .where(
        or(
          eq(agreements.client_id, fwdA!.id),
          inArray(
            agreements.id,
            aAgreements.map((a) => a.id),
          ),
        ),
      )
      .orderBy(agreements.id),
    customers: await db
      .select()
      .from(forwarderCustomers)
      .where(eq(forwarderCustomers.forwarder_id, fwdA!.id))
      .orderBy(forwarderCustomers.id),
    handlers: await db.select().from(handlers).orderBy(handlers.id),
    waybills: [
      await db.select().from(airWaybills).where(eq(airWaybills.forwarder_id, fwdA!.id)).orderBy(airWaybills.id),
      await db.select().from(awbRateLines).orderBy(awbRateLines.id),
      await db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, aWaybill.id)),
      await db.select().from(awbMovements).where(eq(awbMovements.air_waybill_id, aWaybill.id)),
      await db.select().from(awbVoidRequests).orderBy(awbVoidRequests.id),
      await db.select().from(awbAlerts).orderBy(awbAlerts.id),
    ],
    stock: [
      await db.select().from(awbPrefixes).orderBy(awbPrefixes.id),
      await db.select().from(awbStockRanges).orderBy(awbStockRanges.id),
      await db.select().from(awbNumbers).orderBy(awbNumbers.id),
    ],
    attachments: await db.select().from(attachments).orderBy(attachments.id),
    messaging: [
      await db.select().from(messageSettings).orderBy(messageSettings.id),
      await db.select().from(outgoingMessages).orderBy(outgoingMessages.id),
    ],
    capacity: [
      await db.select().from(segmentPayloads).orderBy(segmentPayloads.id),
      await db.select().from(paxOdAverages).orderBy(paxOdAverages.id),
      await db.select().from(baggageAverages).orderBy(baggageAverages.id),
      await db.select().from(baggageStats).orderBy(baggageStats.id),
    ],
  };
}

/**
 * A's records per path parameter: `resource/:param` (the path segment before the parameter), else `:param` for any
 * resource. Every parameter of every guarded route must find values here, or the test fails.
 */
const A_VALUES: Record<string, readonly string[]> = {
  'companies/:id': [String(fwdA!.id)],
  'agreements/:id': aAgreements.map((a) => String(a.id)),
  'user_profiles/:user_id': aUsers.map((u) => String(u.id)),
  'forwarder_customers/:id': [String(aCustomer!.id)],
  // A's own id (not an airline) and the airlines only A holds an agreement with.
  'airlines/:id': [String(fwdA!.id), ...aOnlyAirlines.map(String)],
  'handlers/:id': [String(partnerHandler!.id)],
  'invitations/:id': aInvitations.map((i) => String(i.id)),
  'segment_payloads/:id': [String(partnerPayload!.id)],
  'pax_od_averages/:id': [String(partnerPax!.id)],
  'baggage_averages/:id': [String(partnerBaggageAverage!.id)],
  'baggage_stats/:id': [String(partnerBaggageStat!.id)],
  'users/:id': aUsers.map((u) => String(u.id)),
  'ssim_telegrams/:id': [String(aTelegram)],
  'cimp_telegrams/:id': aIncoming.map((r) => String(r.id)),
  'ahm_telegrams/:id': aIncoming.map((r) => String(r.id)),
  'telegram_intake_keys/:id': [String(aIntakeKey!.id)],
  'segments/:id': partnerFlight.segmentIds.map(String),
  'segments/:segment': partnerFlight.segmentIds.map(String),
  'bookings/:id': [String(aBooking.id)],
  'allotments/:id': [String(aAllotment.id)],
  'booking_rules/:id': [String(partnerRule.id)],
  'permitted_routes/:id': [String(partnerPermittedRoute)],
  'connection_times/:id': [String(partnerConnectionTime)],
  'tariffs/:id': [String(aPrices.tariff), String(aOnlyPrices.tariff)],
  'charges/:id': [String(aPrices.charge), String(aOnlyPrices.charge)],
  'surcharges/:id': [String(aPrices.surcharge), String(aOnlyPrices.surcharge)],
  'groups/:id': [String(aOnlyPrices.group)],
  'prefixes/:id': partnerPrefixes.map((p) => String(p.id)),
  // A's waybill by id and by number, its rate line, its void request and an alert on it.
  'air_waybills/:id': [String(aWaybill.id), aWaybill.mawb],
  'rates/:rate_id': [String(aRateLine!.id)],
  'house_waybills/:house_id': [String(aHouse!.id)],
  // A's house by its own id (send_fhl).
  'house_waybills/:id': [String(aHouse!.id)],
  'movements/:movement_id': [String(aMovement!.id)],
  'void_requests/:id': [String(aVoidRequest!.id)],
  'alerts/:alert_id': [String(aAlert!.id)],
  'attachments/:id': [String(aAttachment!.id)],
  'message_settings/:id': [String(partnerSetting!.id)],
  'outgoing_messages/:id': [String(partnerMessage!.id)],
};

/** Guarded routes this test does not call, each with the reason; nothing else may be left out. */
const EXCLUDED: Record<string, string> = {
  'GET /api/v3/airlines/:id': 'reference data: the same for every company, no tenant owns an airline record',
  'GET /api/v3/airports/:iata': 'reference data: the same for every company, no tenant owns an airport',
};

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function valuesOfA(url: string, param: string): readonly string[] {
  return A_VALUES[`${resourceOf(url, param)}/:${param}`] ?? A_VALUES[`:${param}`] ?? [];
}

const guarded = app.routeTable.filter((r) => r.permission && r.permission !== PUBLIC && r.url !== '/*');
const MARKERS = ['FWDA', 'Demo Forwarder A', DEMO.fwdA, '1234567', 'Customer of A', 'Handler of A partner'];

describe("forwarder B and forwarder A's data", () => {
  it('has A records to aim at', () => {
    expect(aUsers.length).toBeGreaterThan(0);
    expect(aAgreements.length).toBeGreaterThan(0);
    expect(aOnlyAirlines.length).toBeGreaterThan(0);
    expect(fwdB).toBeDefined();
  });

  it("fills every parameter of every guarded route with A's records, or names the reason it does not", () => {
    const unfilled = guarded
      .filter((r) => !EXCLUDED[keyOf(r)])
      .flatMap((r) =>
        paramsOf(r.url)
          .filter((p) => valuesOfA(r.url, p).length === 0)
          .map((p) => `${keyOf(r)}: no values of A for ${resourceOf(r.url, p)}/:${p}`),
      );
    expect(unfilled).toEqual([]);
    const stale = Object.keys(EXCLUDED).filter((key) => !guarded.some((r) => keyOf(r) === key));
    expect(stale).toEqual([]);
  });

  for (const role of ['operator', 'admin'] as const) {
    it(`refuses B's ${role} every read and write of A's records, and lists show none of them`, async () => {
      const email = `tenancy.${role}@example.com`;
      const [template] = await db.select().from(users).where(eq(users.email, DEMO.fwdB));
      const [user] = await db.insert(users).values({ email, password_hash: template!.password_hash }).returning();
      const [m] = await db.insert(memberships).values({ user_id: user!.id, company_id: fwdB!.id, role }).returning();
      await db.update(users).set({ current_membership_id: m!.id }).where(eq(users.id, user!.id));
      const token = await ctx.signIn(email);
      const before = await snapshotOfA();
      const leaks: string[] = [];
      const called = new Set<string>();
      for (const route of guarded) {
        if (EXCLUDED[keyOf(route)]) continue;
        const hasParams = route.url.includes(':');
        for (const url of fillUrl(route.url, (p) => valuesOfA(route.url, p))) {
          called.add(keyOf(route));
          const body = ['POST', 'PATCH', 'PUT'].includes(route.method)
            ? {
                state: 'blocked',
                blocked: true,
                description: 'taken over',
                name: 'Taken',
                roles: ['admin'],
                locale: 'en',
              }
            : undefined;
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers: ctx.as(token),
            ...(body ? { payload: body } : {}),
          });
          const status = response.statusCode;
          if (hasParams && status < 400) leaks.push(`${route.method} ${url}: ${status}`);
          if (route.method === 'GET' && status === 200 && MARKERS.some((mark) => response.body.includes(mark))) {
            leaks.push(`${route.method} ${url} mentions forwarder A`);
          }
          if (status >= 500) leaks.push(`${route.method} ${url}: ${status}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(await snapshotOfA()).toEqual(before);
      // A guarded route that was not called is a hole in the test: fill its parameters or exclude it with a reason.
      expect(guarded.map(keyOf).filter((key) => !called.has(key) && !EXCLUDED[key])).toEqual([]);
    });
  }
});
