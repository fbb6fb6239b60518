import type http from "node:http";

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

export function jsonResponse(status: number, data: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { "Content-Type": "application/json", ...headers },
    body: status === 204 || data === undefined ? null : JSON.stringify(data),
  };
}

export function send(res: http.ServerResponse, r: HttpResponse, head = false): void {
  for (const [k, v] of Object.entries(r.headers)) res.setHeader(k, v);
  if (r.body === null || r.status === 204 || r.status === 304) {
    if (r.status === 204) res.removeHeader("Content-Type");
    res.writeHead(r.status);
    res.end();
    return;
  }
  const body = typeof r.body === "string" ? Buffer.from(r.body) : r.body;
  res.setHeader("Content-Length", body.length);
  res.writeHead(r.status);
  res.end(head ? undefined : body);
}
