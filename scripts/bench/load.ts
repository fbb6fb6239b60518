/** Drives one request shape with autocannon and reports requests/s and latency percentiles. */
import http from "node:http";
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request (ms). */
  max: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  /** Varies each request (random id, unique body). */
  path: () => string;
  body?: () => string;
  /** Varies headers per request (e.g. one of many API keys). */
  extraHeaders?: () => Record<string, string>;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of `seconds` (a burst). */
  amount?: number;
  /**
   * Called as each answer arrives. autocannon ends a run on its next one-second sample after the last answer, so a
   * burst's own duration is up to a second shorter than the run's: a burst times itself with this.
   */
  onResponse?: () => void;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    requests: [
      {
        method: spec.method ?? "GET",
        headers: spec.headers,
        setupRequest: (req) => ({
          ...req,
          path: spec.path(),
          body: spec.body?.(),
          ...(spec.extraHeaders ? { headers: { ...spec.headers, ...spec.extraHeaders() } } : {}),
        }),
        ...(spec.onResponse ? { onResponse: spec.onResponse } : {}),
      },
    ],
  });
  return toLoadResult(result);
}

/** The figures of an autocannon result (run here, or by its CLI with `-j`). */
export function toLoadResult(result: {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}): LoadResult {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * One client sending GETs one after another on one kept-alive connection, each timed to the microsecond:
 * autocannon's percentiles are whole milliseconds, too coarse for a ratio of an idle figure of 1-4 ms.
 */
export async function runSequential(spec: { url: string; path: string; headers: Record<string, string>; seconds: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(`${spec.url}${spec.path}`, { agent, headers: spec.headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const status = await get();
      if (status < 200 || status >= 300) non2xx++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] * 100) / 100;
  return {
    rps: latencies.length / ((performance.now() - started) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    requests: latencies.length,
    errors,
    non2xx,
  };
}
