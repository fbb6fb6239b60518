/** Drives one request shape with autocannon and reports requests/s and latency percentiles. */
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
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
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
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
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
