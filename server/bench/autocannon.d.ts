// The part of autocannon's programmatic API the load generator uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }
  interface Histogram {
    p50: number;
    p97_5: number;
    p99: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: { total: number; average: number };
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
