/**
 * npm run bench:quote — quotes per second through the HTTP quote call (POST /api/v3/tariffs/quote, a forwarder pricing a
 * shipment on the demo SVO-LED route: public and contract tariffs, charges and a surcharge) beside a bare Fastify
 * hello-world in the same run, in rounds; prints the medians and the quote call as a share of bare Fastify. The
 * in-process engine figure is `npm run bench:rating`.
 *
 * Like bench/api.ts: each server and each load run is its own process, pinned with taskset (servers on CPU 0, load on
 * CPU 1) where the machine has two cores; the API runs on PostgreSQL (BENCH_DATABASE_URL's server) or, with
 * BENCH_DB=pglite, on PGlite. BENCH_ROUNDS (default 5), BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50).
 */

import { CONNECTIONS, load, loadAverageLine, median, pinning, ROUNDS, SECONDS, withServers } from './harness';
import type { LoadResult } from './load';

const SHIPMENT = {
  carrier: 'SU',
  origin: 'SVO',
  destination: 'LED',
  date: '2026-06-01',
  pieces: 3,
  weight: '120.5',
  volume: '0.9',
  product: 'GCR',
};

await withServers({ bare: 3911, api: 3912 }, async ({ bareUrl, apiUrl, token, databaseName }) => {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify(SHIPMENT);
  const check = await fetch(`${apiUrl}/api/v3/tariffs/quote`, { method: 'POST', headers, body });
  const sample = (await check.json()) as { ok: boolean; totals?: unknown; lines?: unknown[] };
  if (!sample.ok) throw new Error(`the benchmark shipment got no price: ${JSON.stringify(sample)}`);
  console.log(`sample quote: ${sample.lines?.length} rate lines, totals ${JSON.stringify(sample.totals)}`);

  const bareRun = (seconds: number) => load({ url: `${bareUrl}/`, connections: CONNECTIONS, seconds });
  const quoteRun = (seconds: number) =>
    load({
      url: `${apiUrl}/api/v3/tariffs/quote`,
      connections: CONNECTIONS,
      seconds,
      method: 'POST',
      headers,
      body,
    });
  console.log(
    `API on ${databaseName}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} ` +
      `connections; ${pinning ? 'servers pinned to CPU 0, load generator to CPU 1' : 'not pinned'}`,
  );
  await bareRun(3);
  await quoteRun(3);
  const bareRps: number[] = [];
  const quoteRps: number[] = [];
  const ratios: number[] = [];
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const runs = round % 2 ? [quoteRun, bareRun] : [bareRun, quoteRun];
    const results: LoadResult[] = [];
    for (const run of runs) results.push(await run(SECONDS));
    const [b, q] = round % 2 ? [results[1]!, results[0]!] : [results[0]!, results[1]!];
    bareRps.push(b.rps);
    quoteRps.push(q.rps);
    errors += q.errors;
    ratios.push((q.rps / b.rps) * 100);
    console.log(
      `round ${round + 1}: bare ${b.rps.toFixed(0)} req/s, quote ${q.rps.toFixed(0)} quotes/s (p99 ${q.p99} ms)`,
    );
  }
  console.log(`\nbare fastify hello-world: ${median(bareRps).toFixed(0)} req/s median`);
  console.log(`POST /api/v3/tariffs/quote: ${median(quoteRps).toFixed(0)} quotes/s median (${errors} errors)`);
  console.log(
    `quote call / bare = ${median(ratios).toFixed(1)}% median of ${ROUNDS} rounds ` +
      `(spread ${Math.min(...ratios).toFixed(1)}%-${Math.max(...ratios).toFixed(1)}%)`,
  );
  console.log(loadAverageLine());
});
