/**
 * The demo schedule (issue 9 item 7): SU (hub SVO) and KC (hubs ALA and NQZ) fly for the 60 days from the day the
 * database was seeded, a few hundred segments a day over a dozen airports, freighters and belly flights, with the
 * shared points that give one- and two-transfer routes and an SU-KC interline connection (`demoSsim` of
 * packages/schedule). It is loaded as SSIM telegrams (source 'demo', one per carrier) through the same import path as
 * an upload, by a job: the server answers at once and the ssim-telegrams screen shows the load's progress. The same
 * job then makes the demo bookings on it (demo-bookings.ts).
 */
import { demoSsim, ssimByCarrier } from '@aircargo/schedule';
import { and, eq, inArray } from 'drizzle-orm';
import { processTelegram, ssimLines } from '../../modules/ssim-telegrams/ssim-telegrams.apply';
import { storeTelegram } from '../../modules/ssim-telegrams/ssim-telegrams.service';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { enqueue, type JobHandlers } from '../../platform/jobs';
import { companies } from '../schema';
import { loadDemoBookings } from './demo-bookings';
import { loadDemoWaybills } from './demo-waybills';

export const DEMO_SCHEDULE_JOB = 'demo_schedule.load';
export const DEMO_SCHEDULE_DAYS = 60;
/** Days per transaction: one, so that requests on the embedded database's one connection wait a second at most. */
const DEMO_CHUNK_DAYS = 1;
/** Pause after each day: sign-ins and pages answer while the schedule loads. */
const DEMO_PAUSE_MS = 150;

/** Queues the load once per database (later starts find the job by its key and queue nothing). */
export async function queueDemoSchedule(db: Db, clock: Clock, days = DEMO_SCHEDULE_DAYS): Promise<void> {
  await enqueue(
    db,
    DEMO_SCHEDULE_JOB,
    { from: clock.now().toISOString().slice(0, 10), days },
    { uniqueKey: DEMO_SCHEDULE_JOB, maxAttempts: 3 },
  );
}

/** Stores the demo SSIM of each demo airline as a telegram and applies it; answers the telegram ids. */
export async function loadDemoSchedule(
  db: Db,
  options: { from: string; days: number; pauseMs?: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id, code: companies.airline_code })
    .from(companies)
    .where(and(eq(companies.company_type, 'airline'), inArray(companies.airline_code, ['SU', 'KC'])));
  const airlines = new Map(rows.map((r) => [r.code, r.id]));
  const ids: number[] = [];
  for (const part of ssimByCarrier(ssimLines(demoSsim(options)))) {
    const airlineId = airlines.get(part.carrier);
    if (airlineId === undefined) continue;
    ids.push(
      await storeTelegram(db, {
        kind: 'ssim',
        source: 'demo',
        body: part.text,
        fileName: `demo-${part.carrier}-${options.from}.ssim`,
        userId: null,
        companyId: null,
        airlineId,
      }),
    );
  }
  for (const id of ids) {
    await processTelegram(db, id, {
      chunkDays: DEMO_CHUNK_DAYS,
      userId: null,
      pauseMs: options.pauseMs ?? DEMO_PAUSE_MS,
    });
  }
  return ids;
}

export function demoScheduleJobs(deps: { db: Db; clock: Clock }): JobHandlers {
  return {
    [DEMO_SCHEDULE_JOB]: async (payload) => {
      const options = { from: String(payload.from), days: Number(payload.days ?? DEMO_SCHEDULE_DAYS) };
      await loadDemoSchedule(deps.db, options);
      // Then the demo forwarders book on it (once per database: a second run finds their bookings and adds none).
      await loadDemoBookings(deps.db, deps.clock, { ...options, pauseMs: DEMO_PAUSE_MS });
      // And the waybills of the bookings that hold a number, across their lifecycle (once per database as well).
      await loadDemoWaybills(deps.db, deps.clock);
    },
  };
}
