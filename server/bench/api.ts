/**
 * npm run bench:api — GET /api/v3/profiles/me (a signed-in profile read) beside a bare Fastify hello-world, in several
 * rounds; prints per target the median and spread of requests per second and latency, and the profile read as a share of
 * bare Fastify (median of the per-round ratios, with its spread). GET /api/health is measured alongside.
 *
 * Each server and each load run is a process of its own. Where `taskset` exists and the machine has two cores or more,
 * the servers are pinned to CPU 0 and the load generator (autocannon) to CPU 1, so the two do not compete for a core.
 * Within a round the targets run back to back, their order rotating from round to round so that drift of the machine's
 * load does not favour one of them.
 *
 * The API runs on PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, default the local one) or, with
 * BENCH_DB=pglite, on embedded PGlite. BENCH_ROUNDS (default 5), BENCH_SECONDS per measurement (default 5),
 * BENCH_CONNECTIONS (default 50).
 */
import type { ChildProcess } from 'node:child_process';
import {
  CONNECTIONS,
  cpuSeconds,
  load,
  loadAverageLine,
  median,
  pinning,
  ROUNDS,
  SECONDS,
  spread,
  withServers,
} from './harness';
import type { LoadResult } from './load';

interface Target {
  name: string;
  url: string;
  /** The server process that answers it. */
  server: ChildProcess;
  headers?: Record<string, string>;
  results: LoadResult[];
  /** Server CPU microseconds per answered request, per round. */
  cpuPerRequest: number[];
}

await withServers({ bare: 3901, api: 3902 }, async ({ bare, api, bareUrl, apiUrl, token, databaseName }) => {
  const targets: Target[] = [
    {
      name: 'bare fastify hello-world',
      url: `${bareUrl}/`,
      server: bare,
      results: [],
      cpuPerRequest: [],
    },
    {
      name: 'GET /api/health',
      url: `${apiUrl}/api/health`,
      server: api,
      results: [],
      cpuPerRequest: [],
    },
    {
      name: 'GET /api/v3/profiles/me',
      url: `${apiUrl}/api/v3/profiles/me`,
      server: api,
      headers: { authorization: `Bearer ${token}` },
      results: [],
      cpuPerRequest: [],
    },
  ];
  const [bareTarget, , profile] = targets as [Target, Target, Target];
  const run = (t: Target, seconds: number) =>
    load({ url: t.url, connections: CONNECTIONS, seconds, ...(t.headers ? { headers: t.headers } : {}) });

  console.log(
    `API on ${databaseName}; ${ROUNDS} rounds, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per target and round; ${pinning ? 'servers pinned to CPU 0, load generator to CPU 1' : 'not pinned'}`,
  );
  // A warm-up of each target so JIT, pools and caches are hot before measuring.
  for (const t of targets) await run(t, 3);

  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
    for (const t of order) {
      const cpuBefore = cpuSeconds(t.server.pid);
      const result = await run(t, SECONDS);
      const cpuAfter = cpuSeconds(t.server.pid);
      t.results.push(result);
      if (cpuBefore !== null && cpuAfter !== null && result.requests > 0) {
        t.cpuPerRequest.push(((cpuAfter - cpuBefore) * 1e6) / result.requests);
      }
    }
    const ratio = ((profile.results.at(-1)?.rps ?? 0) / (bareTarget.results.at(-1)?.rps ?? 1)) * 100;
    ratios.push(ratio);
    console.log(
      `round ${round + 1}: ${order.map((t) => `${t.name} ${(t.results.at(-1)?.rps ?? 0).toFixed(0)}`).join(', ')} ` +
        `req/s; profile ${ratio.toFixed(1)}% of bare`,
    );
  }

  console.log(
    `\n${'target'.padEnd(26)} ${'req/s median'.padStart(12)} ${'min-max'.padStart(13)} ${'p50 ms'.padStart(7)} ` +
      `${'p97.5 ms'.padStart(9)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs bare'.padStart(8)} ` +
      `${'CPU us/req'.padStart(10)} ${'load CPU us/req'.padStart(15)}`,
  );
  const bareMedian = median(bareTarget.results.map((r) => r.rps));
  for (const t of targets) {
    const rps = t.results.map((r) => r.rps);
    console.log(
      `${t.name.padEnd(26)} ${median(rps).toFixed(0).padStart(12)} ${spread(rps, 0).padStart(13)} ` +
        `${median(t.results.map((r) => r.p50))
          .toFixed(1)
          .padStart(7)} ` +
        `${median(t.results.map((r) => r.p97_5))
          .toFixed(1)
          .padStart(9)} ${median(t.results.map((r) => r.p99))
          .toFixed(1)
          .padStart(7)} ` +
        `${String(t.results.reduce((n, r) => n + r.errors, 0)).padStart(7)} ` +
        `${`${((median(rps) / bareMedian) * 100).toFixed(0)}%`.padStart(8)} ` +
        `${(t.cpuPerRequest.length ? median(t.cpuPerRequest).toFixed(0) : '-').padStart(10)} ` +
        `${median(t.results.map((r) => r.loadCpuPerRequest))
          .toFixed(0)
          .padStart(15)}`,
    );
  }
  if (bareTarget.cpuPerRequest.length && profile.cpuPerRequest.length) {
    const cpuRatios = profile.cpuPerRequest.map((c, i) => ((bareTarget.cpuPerRequest[i] ?? 0) / c) * 100);
    console.log(
      `server CPU per request, bare / profile read = ${median(cpuRatios).toFixed(1)}% median ` +
        `(spread ${spread(cpuRatios, 1, '%')}): the throughput share a dedicated core would give`,
    );
  }
  console.log(
    `\nprofile read / bare = ${median(ratios).toFixed(1)}% median of ${ROUNDS} rounds ` +
      `(spread ${spread(ratios, 1, '%')}; target 60% or more)`,
  );
  console.log(loadAverageLine());
});
