/**
 * Demo bookings (issue 11 item 6): after the demo schedule is loaded, the demo forwarders book on it through the
 * bookings service, so that load factors, the airlines' queues and the booking lists are not empty. FWDA books SU and
 * KC (it holds agreements with both), FWDB only SU; one-leg and transfer routes, general cargo and some dangerous goods
 * and heavy shipments, which the demo booking rules (DGR, and 1,000 kg or more) send to the airline's NN queue; some
 * with an AWB from the forwarder's stock. The demo airlines also get the cargo capacity of their aircraft types (where
 * they have none set), which the segments' capacity is computed from. Seeded, so every demo database gets the same
 * mix; run once per database: when demo bookings exist, nothing is added.
 */
import { formatAwb } from '@aircargo/domain';
import { addDays } from '@aircargo/schedule';
import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { BookingsService } from '../../modules/bookings/bookings.service';
import type { AuthContext } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { aircraftCapacities, bookingRules, bookings, companies, memberships, segments, users } from '../schema';

/** Belly and main-deck cargo capacity of the demo aircraft types (kg, m3). */
const DEMO_AIRCRAFT: Record<string, { weight: number; volume: number }> = {
  '320': { weight: 2500, volume: 14 },
  '321': { weight: 3500, volume: 20 },
  '333': { weight: 12000, volume: 70 },
  '763': { weight: 10000, volume: 60 },
  '77W': { weight: 20000, volume: 110 },
  '77F': { weight: 100000, volume: 650 },
};

/** How many bookings each demo forwarder makes over the demo schedule. */
export const DEMO_BOOKINGS = { FWDA: 180, FWDB: 90 };

/** Between these hours after the first leg arrives a transfer connects. */
const CONNECTION_MIN_HOURS = 1.5;
const CONNECTION_MAX_HOURS = 24;

/** mulberry32: a small seeded generator, so that every demo database gets the same bookings. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoSegment {
  id: number;
  carrier: string;
  origin: string;
  destination: string;
  std: Date;
  sta: Date;
}

/** Demo aircraft capacities and booking rules of the demo airlines, where they have none. */
async function seedCapacityAndRules(db: Db, airlines: Map<string, number>): Promise<void> {
  for (const [carrier, airlineId] of airlines) {
    await db
      .insert(aircraftCapacities)
      .values(
        Object.entries(DEMO_AIRCRAFT).map(([type, c]) => ({
          airline_id: airlineId,
          aircraft_type: type,
          weight: c.weight.toFixed(3),
          volume: c.volume.toFixed(3),
        })),
      )
      .onConflictDoNothing();
    const [rules] = await db.select({ n: count() }).from(bookingRules).where(eq(bookingRules.airline_id, airlineId));
    if ((rules?.n ?? 0) > 0) continue;
    await db.insert(bookingRules).values([
      { airline_id: airlineId, carrier, shcs: ['DGR'], response_status: 'NN' },
      { airline_id: airlineId, carrier, min_weight: '1000.000', response_status: 'NN' },
    ]);
  }
}

/** The forwarder's first demo user, acting for it as a signed-in operator would. */
async function actingFor(db: Db, forwarderId: number): Promise<AuthContext | null> {
  const [row] = await db
    .select({ membershipId: memberships.id, role: memberships.role, userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(eq(memberships.company_id, forwarderId))
    .orderBy(memberships.id)
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    tokenId: 0,
    email: row.email,
    system: false,
    membershipId: row.membershipId,
    companyId: forwarderId,
    companyType: 'forwarder',
    role: row.role,
    airlineCode: null,
    blocked: false,
    scope: 'demo',
    createdAt: new Date(),
    expiresIn: 3600,
  };
}

/** One-leg routes and two-leg transfers (same carrier set) over the segments, each flight once. */
function routesOf(list: readonly DemoSegment[]): { direct: number[][]; transfers: number[][] } {
  const from = new Map<string, DemoSegment[]>();
  for (const s of list) from.set(s.origin, [...(from.get(s.origin) ?? []), s]);
  const transfers: number[][] = [];
  for (const a of list) {
    const earliest = a.sta.getTime() + CONNECTION_MIN_HOURS * 3_600_000;
    const latest = a.sta.getTime() + CONNECTION_MAX_HOURS * 3_600_000;
    const next = (from.get(a.destination) ?? []).find(
      (b) => b.destination !== a.origin && b.std.getTime() >= earliest && b.std.getTime() <= latest,
    );
    if (next) transfers.push([a.id, next.id]);
  }
  return { direct: list.map((s) => [s.id]), transfers };
}

/**
 * Books the demo forwarders' shipments on the demo schedule from `from` for `days` days. Answers how many bookings it
 * made (0 when demo bookings already exist); shipments the capacity or the sales state refuses are left out.
 */
export async function loadDemoBookings(
  db: Db,
  clock: Clock,
  options: { from: string; days: number; perForwarder?: { FWDA: number; FWDB: number }; pauseMs?: number },
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(bookings).where(eq(bookings.source, 'system'));
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = await db
    .select({
      id: companies.id,
      type: companies.company_type,
      code: companies.airline_code,
      short: companies.short_name,
    })
    .from(companies)
    .where(inArray(companies.short_name, ['SU', 'KC', 'FWDA', 'FWDB']));
  const airlines = new Map(
    rows.filter((r) => r.type === 'airline' && r.code !== null).map((r) => [r.code as string, r.id]),
  );
  const forwarders = new Map(rows.filter((r) => r.type === 'forwarder').map((r) => [r.short, r.id]));
  if (airlines.size === 0 || forwarders.size === 0) return 0;
  await seedCapacityAndRules(db, airlines);

  const now = clock.now();
  const all = (
    await db
      .select({
        id: segments.id,
        carrier: segments.carrier,
        origin: segments.origin,
        destination: segments.destination,
        std: segments.std,
        sta: segments.sta,
      })
      .from(segments)
      .where(
        and(
          inArray(segments.airline_id, [...airlines.values()]),
          gte(segments.flight_date, options.from),
          lt(segments.flight_date, addDays(options.from, options.days)),
          eq(segments.canceled, false),
        ),
      )
      .orderBy(segments.std, segments.id)
  ).filter((s) => s.std.getTime() > now.getTime());

  const service = new BookingsService(db, clock);
  const per = options.perForwarder ?? DEMO_BOOKINGS;
  // The forwarders' AWB stock (demo seed): FWDA holds SU and KC blanks, FWDB SU blanks.
  const stock: Record<string, Record<string, number>> = {
    FWDA: { SU: 1_000_000, KC: 3_000_000 },
    FWDB: { SU: 1_001_000 },
  };
  const plans: { forwarder: 'FWDA' | 'FWDB'; carriers: string[]; count: number; seed: number }[] = [
    { forwarder: 'FWDA', carriers: ['SU', 'KC'], count: per.FWDA, seed: 11 },
    { forwarder: 'FWDB', carriers: ['SU'], count: per.FWDB, seed: 12 },
  ];
  let made = 0;
  for (const plan of plans) {
    const forwarderId = forwarders.get(plan.forwarder);
    if (forwarderId === undefined) continue;
    const auth = await actingFor(db, forwarderId);
    if (!auth) continue;
    const { direct, transfers } = routesOf(all.filter((s) => plan.carriers.includes(s.carrier)));
    if (direct.length === 0) continue;
    const carrierOf = new Map(all.map((s) => [s.id, s.carrier]));
    const next = random(plan.seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const serials = { ...stock[plan.forwarder] };
    for (let i = 0; i < plan.count; i++) {
      const route = transfers.length > 0 && next() < 0.3 ? pick(transfers) : pick(direct);
      const roll = next();
      // General cargo mostly; some dangerous goods, perishables and heavy shipments.
      const shcs = roll < 0.12 ? ['DGR'] : roll < 0.22 ? ['PER'] : [];
      const heavy = next() < 0.12;
      const weight = heavy ? 1000 + Math.round(next() * 2500) : 20 + Math.round(next() * 700);
      const pieces = Math.max(1, Math.ceil(weight / 150));
      const volume = Math.round((weight / 167) * 1000) / 1000;
      const carrier = carrierOf.get(route[0] as number) as string;
      const serial = serials[carrier];
      const mawb = serial !== undefined && next() < 0.4 ? formatAwb(carrier === 'SU' ? '555' : '465', serial) : null;
      if (mawb !== null && serial !== undefined) serials[carrier] = serial + 1;
      try {
        await service.create(
          auth,
          {
            segment_ids: route,
            pieces,
            weight,
            volume: Math.max(0.01, volume),
            commodity: shcs.includes('DGR')
              ? 'Lithium batteries'
              : shcs.includes('PER')
                ? 'Fresh fish'
                : 'Consolidation',
            shcs,
            dimensions: [],
            ...(mawb === null ? {} : { mawb }),
          },
          'system',
        );
        made += 1;
      } catch (error) {
        // Full flights, closed sales and a repeated AWB leave a shipment out; anything else is a fault.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
      if (options.pauseMs && i % 20 === 19) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  }
  return made;
}
