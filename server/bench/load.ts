/**
 * The load generator, run as its own process by bench/api.ts (pinned to a core of its own where possible):
 * `load.ts '<json options>'` keeps `connections` keep-alive requests in flight on `url` for `seconds` with autocannon and
 * prints one JSON LoadResult line on stdout.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** GET by default; a POST sends `body` (JSON text) with every request. */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadResult {
  requests: number;
  /** Requests that failed: connection errors, timeouts and answers other than 2xx. */
  errors: number;
  rps: number;
  /** Latencies in ms. */
  p50: number;
  p97_5: number;
  p99: number;
  /** CPU microseconds the load generator spent per request: when it nears the server's, the generator is the limit. */
  loadCpuPerRequest: number;
}

async function main() {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(options.method ? { method: options.method } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const out: LoadResult = {
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    rps: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    loadCpuPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();
