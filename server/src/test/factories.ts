import { randomBytes } from 'node:crypto';
import { type CompanyType, ROLES_BY_COMPANY_TYPE, type Role } from '@aircargo/domain';
import { formatAwb } from '@aircargo/domain/awb';
import { classify, countChanges, type DatedLeg, type LegChange, legKey } from '@aircargo/schedule';
import { eq, inArray } from 'drizzle-orm';
import {
  airWaybills,
  awbDimensions,
  awbGoodsItems,
  awbPrefixes,
  companies,
  connectionTimes,
  memberships,
  permittedRoutes,
  segments,
  ssimTelegrams,
  tariffCharges,
  tariffCompanies,
  tariffGroups,
  tariffRates,
  tariffSurcharges,
  tariffs,
  users,
} from '../db/schema';
import { applyScheduleDiff } from '../modules/flights/flights.service';
import { hashPassword } from '../platform/passwords';
import { inTransaction } from '../platform/transactions';
import type { TestContext } from './harness';

/**
 * Fresh tenants for tests that must not depend on the demo data: a company of the given type with an admin and a
 * manager, each signed in through the real token endpoint. Names, e-mails and airline codes are unique per call, so
 * tests in one file (and files sharing a PostgreSQL server) never collide.
 */

export const FACTORY_PASSWORD = 'factory-pass-2026';

export interface TenantUser {
  id: number;
  email: string;
  role: Role | null;
  membershipId: number;
  /** A live access token of the user, acting for the tenant's company. */
  token: string;
}

export interface Tenant {
  id: number;
  type: CompanyType;
  name: string;
  short_name: string;
  airline_code: string | null;
  /** Holds the admin role (platform and visitor companies have no roles: a role-less member). */
  admin: TenantUser;
  /**
   * The working role next to the admin: `manager` in an airline, `operator` in a forwarder or handler (which have no
   * manager role), role-less in platform and visitor companies.
   */
  manager: TenantUser;
}

export type CompanyValues = Partial<typeof companies.$inferInsert>;

let passwordHash: Promise<string> | null = null;
let serial = 0;

/** A suffix no other call in this process, nor a concurrent process, will produce. */
function unique(): string {
  serial += 1;
  return `${serial}${randomBytes(3).toString('hex')}`;
}

const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A two-character airline code no airline in the database has yet. */
async function freeAirlineCode(ctx: TestContext): Promise<string> {
  const taken = new Set(
    (await ctx.database.db.select({ code: companies.airline_code }).from(companies)).map((r) => r.code),
  );
  const start = Math.floor(Math.random() * CODE_CHARS.length ** 2);
  for (let i = 0; i < CODE_CHARS.length ** 2; i++) {
    const n = (start + i) % CODE_CHARS.length ** 2;
    const code = `${CODE_CHARS[Math.floor(n / CODE_CHARS.length)]}${CODE_CHARS[n % CODE_CHARS.length]}`;
    if (!taken.has(code) && /[A-Z]/.test(code)) return code;
  }
  throw new Error('no free airline code left');
}

/** Adds a user with one membership (made current) in the company and signs in. */
export async function addUser(
  ctx: TestContext,
  companyId: number,
  role: Role | null,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<TenantUser> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const db = ctx.database.db;
  const email = values.email ?? `user.${unique()}@factory.test`;
  const [user] = await db
    .insert(users)
    .values({ firstname: 'Test', lastname: 'User', ...values, email, password_hash: await passwordHash })
    .returning();
  const [membership] = await db
    .insert(memberships)
    .values({ user_id: user!.id, company_id: companyId, role })
    .returning();
  await db.update(users).set({ current_membership_id: membership!.id }).where(eq(users.id, user!.id));
  const token = await ctx.signIn(email, FACTORY_PASSWORD);
  return { id: user!.id, email, role, membershipId: membership!.id, token };
}

export async function createTenant(ctx: TestContext, type: CompanyType, values: CompanyValues = {}): Promise<Tenant> {
  const suffix = unique();
  const airlineCode = type === 'airline' ? (values.airline_code ?? (await freeAirlineCode(ctx))) : null;
  const [company] = await ctx.database.db
    .insert(companies)
    .values({
      name: `Test ${type} ${suffix}`,
      short_name: `T${suffix}`.toUpperCase(),
      ...values,
      company_type: type,
      airline_code: airlineCode,
    })
    .returning();
  const roles = ROLES_BY_COMPANY_TYPE[type];
  const adminRole = roles.length ? 'admin' : null;
  const managerRole = roles.length ? (roles.includes('manager') ? 'manager' : 'operator') : null;
  const admin = await addUser(ctx, company!.id, adminRole);
  const manager = await addUser(ctx, company!.id, managerRole);
  return {
    id: company!.id,
    type,
    name: company!.name,
    short_name: company!.short_name,
    airline_code: company!.airline_code,
    admin,
    manager,
  };
}

/** A stored schedule telegram (an SSM as received, not applied) of an airline. */
export async function createSsimTelegram(
  ctx: TestContext,
  values: { airlineId: number; companyId?: number | null; body?: string },
): Promise<number> {
  const body = values.body ?? 'SSM\nUTC\nCNL\nKC901\n01JAN 02JAN 1\n';
  const [row] = await ctx.database.db
    .insert(ssimTelegrams)
    .values({
      kind: 'ssm',
      source: 'upload',
      body,
      body_hash: `factory-${unique()}`,
      airline_id: values.airlineId,
      company_id: values.companyId ?? values.airlineId,
    })
    .returning({ id: ssimTelegrams.id });
  return row!.id;
}

let flightSerial = 0;

/**
 * A flight of an airline through the schedule store (flights.service applyScheduleDiff), with its segments: by default
 * one leg SVO-ALA on a date in 2027 with a number no other call of this process uses. Returns the flight's segment ids.
 */
export async function createFlight(
  ctx: Pick<TestContext, 'database'>,
  airlineId: number,
  options: {
    date?: string;
    number?: number;
    legs?: { origin: string; destination: string; std: string; sta: string }[];
  } = {},
): Promise<{ flightId: number; segmentIds: number[] }> {
  const [airline] = await ctx.database.db.select().from(companies).where(eq(companies.id, airlineId));
  if (!airline?.airline_code) throw new Error(`company ${airlineId} is not an airline with a code`);
  flightSerial += 1;
  const number = options.number ?? 8000 + ((flightSerial * 37 + Math.floor(Math.random() * 1000)) % 1999);
  const date = options.date ?? '2027-06-15';
  const legs: DatedLeg[] = (
    options.legs ?? [{ origin: 'SVO', destination: 'ALA', std: `${date}T18:00:00Z`, sta: `${date}T22:30:00Z` }]
  ).map((l, i) => ({
    carrier: airline.airline_code as string,
    number,
    suffix: '',
    date,
    legSequence: i + 1,
    origin: l.origin,
    destination: l.destination,
    std: l.std,
    sta: l.sta,
    aircraftType: '321',
    serviceType: 'J',
    dateVariation: { departure: 0, arrival: 0 },
  }));
  const changes = legs.map((l) => classify(legKey(l), undefined, l) as LegChange);
  await inTransaction(ctx.database.db, (tx) =>
    applyScheduleDiff(tx, {
      airlineId,
      diff: { changes, counts: countChanges(changes) },
      channel: 'system',
      userId: null,
    }),
  );
  const rows = await ctx.database.db
    .select({ id: segments.id, flight_id: segments.flight_id })
    .from(segments)
    .where(eq(segments.number, String(number)));
  const mine = rows.filter((r) => r.flight_id === rows[0]?.flight_id);
  return { flightId: mine[0]?.flight_id as number, segmentIds: mine.map((r) => r.id) };
}

/** A permitted route of an airline (settings/permitted-routes). */
export async function createPermittedRoute(
  ctx: TestContext,
  airlineId: number,
  values: { origin?: string; destination?: string; via?: string[] | null } = {},
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(permittedRoutes)
    .values({
      airline_id: airlineId,
      origin: values.origin ?? 'SVO',
      destination: values.destination ?? 'ALA',
      via: values.via ?? null,
    })
    .returning({ id: permittedRoutes.id });
  return row!.id;
}

/** An airline's minimum connection time exception for its own departing flights. */
export async function createConnectionTime(ctx: TestContext, airlineId: number, airport = 'ALA'): Promise<number> {
  const [airline] = await ctx.database.db.select().from(companies).where(eq(companies.id, airlineId));
  const [row] = await ctx.database.db
    .insert(connectionTimes)
    .values({ airline_id: airlineId, airport, minutes: 75, departure_carrier: airline?.airline_code ?? null })
    .returning({ id: connectionTimes.id });
  return row!.id;
}

/**
 * A booking of a forwarder on segments, written as the bookings service writes it (counters included): the caller
 * gives the segments' capacity with `capacity` (kg and m3, set as the segments' override) so the booking fits.
 */
export async function createBooking(
  ctx: TestContext,
  forwarderToken: string,
  segmentIds: number[],
  values: Record<string, unknown> = {},
  capacity: { weight: number; volume: number } = { weight: 10_000, volume: 100 },
): Promise<{ id: number; response_status: string }> {
  await ctx.database.db
    .update(segments)
    .set({ capacity_weight: capacity.weight.toFixed(3), capacity_volume: capacity.volume.toFixed(3) })
    .where(inArray(segments.id, segmentIds));
  const response = await ctx.call('POST', '/api/v3/bookings', forwarderToken, {
    segment_ids: segmentIds,
    pieces: 2,
    weight: 100,
    volume: 1,
    ...values,
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json();
}

/**
 * Prices of an airline restricted to one client company: a tariff (with a normal rate), a charge and a surcharge, and a
 * commodity group of the airline, written straight to the database (tenancy tests aim other companies at them).
 */
export async function createRestrictedPrices(
  ctx: TestContext,
  airlineId: number,
  companyId: number,
): Promise<{ tariff: number; charge: number; surcharge: number; group: number }> {
  const db = ctx.database.db;
  const [group] = await db
    .insert(tariffGroups)
    .values({ airline_id: airlineId, code: `G${randomBytes(3).toString('hex').toUpperCase()}`, name: 'Group' })
    .returning({ id: tariffGroups.id });
  const [tariff] = await db
    .insert(tariffs)
    .values({
      airline_id: airlineId,
      internal_id: 'restricted',
      origin_kind: 'airport',
      origin_code: 'SVO',
      destination_kind: 'airport',
      destination_code: 'LED',
      basis: 'charge',
      currency: 'RUB',
    })
    .returning({ id: tariffs.id });
  await db
    .insert(tariffRates)
    .values({ tariff_id: tariff!.id, position: 0, rate_class: 'N', rate_type: 'normal', value: '10' });
  const [charge] = await db
    .insert(tariffCharges)
    .values({ airline_id: airlineId, charge_code: 'AW', basis: 'fixed', rate: '100', currency: 'RUB' })
    .returning({ id: tariffCharges.id });
  const [surcharge] = await db
    .insert(tariffSurcharges)
    .values({ airline_id: airlineId, code: 'FSC', type: 'percent', value: '5' })
    .returning({ id: tariffSurcharges.id });
  await db.insert(tariffCompanies).values([
    { tariff_id: tariff!.id, company_id: companyId },
    { charge_id: charge!.id, company_id: companyId },
    { surcharge_id: surcharge!.id, company_id: companyId },
  ]);
  return { tariff: tariff!.id, charge: charge!.id, surcharge: surcharge!.id, group: group!.id };
}

export type AirWaybillRow = typeof airWaybills.$inferSelect;
export type AirWaybillValues = Partial<typeof airWaybills.$inferInsert> & {
  /** The forwarder the waybill belongs to (required). */
  forwarder_id: number;
};

let awbSerial = 9_000_000 + Math.floor(Math.random() * 900_000);

/**
 * A master air waybill written straight to the database (tests of the list, lifecycle, houses, movements and
 * attachments need waybills without going through creation). Defaults: prefix 555 (the demo SU airline, its owner
 * found from awb_prefixes), a fresh serial, SVO-ALA, 2 pieces, 100 kg, 1 m3, HS code 851712, web source. Any column
 * can be given; `goods_items` and `dimensions` add child rows.
 */
export async function createAirWaybill(
  ctx: TestContext,
  values: AirWaybillValues,
  children: {
    goods_items?: Omit<typeof awbGoodsItems.$inferInsert, 'air_waybill_id'>[];
    dimensions?: Omit<typeof awbDimensions.$inferInsert, 'air_waybill_id'>[];
  } = {},
): Promise<AirWaybillRow> {
  const db = ctx.database.db;
  const prefix = values.prefix ?? values.mawb?.slice(0, 3) ?? '555';
  const serial = values.serial ?? (values.mawb ? Number(values.mawb.slice(4, 11)) : awbSerial++);
  let airlineId = values.airline_id;
  if (airlineId === undefined) {
    const [owner] = await db.select().from(awbPrefixes).where(eq(awbPrefixes.prefix, prefix));
    if (!owner) throw new Error(`createAirWaybill: no airline owns prefix ${prefix}; pass airline_id`);
    airlineId = owner.airline_id;
  }
  const [airline] = await db.select().from(companies).where(eq(companies.id, airlineId));
  const party = (name: string) => ({
    name,
    address: null,
    city: null,
    state: null,
    country_code: null,
    post_code: null,
    contacts: null,
    tax_id: null,
  });
  const [row] = await db
    .insert(airWaybills)
    .values({
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      pieces: 2,
      weight: '100.000',
      volume: '1.000',
      carrier: airline?.airline_code ?? 'SU',
      source: 'web',
      hs_codes: ['851712'],
      commodity: 'ELECTRONICS',
      shipper: party('Factory Shipper'),
      consignee: party('Factory Consignee'),
      ...values,
      mawb: values.mawb ?? formatAwb(prefix, serial),
      prefix,
      serial,
      airline_id: airlineId,
    })
    .returning();
  if (!row) throw new Error('createAirWaybill: insert returned nothing');
  if (children.goods_items?.length) {
    await db
      .insert(awbGoodsItems)
      .values(children.goods_items.map((g, i) => ({ position: i, ...g, air_waybill_id: row.id })));
  }
  if (children.dimensions?.length) {
    await db
      .insert(awbDimensions)
      .values(children.dimensions.map((d, i) => ({ position: i, ...d, air_waybill_id: row.id })));
  }
  return row;
}
