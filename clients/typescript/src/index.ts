/**
 * @payroute/client: a typed client of the Payroute /v2/ API, made from its OpenAPI document (openapi-typescript
 * types in ./schema.d.ts, requests by openapi-fetch). Every path, parameter, body and answer is typed from the
 * document; nothing here is written by hand but the headers each request carries.
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, operations, paths } from "./schema";

export interface PayrouteClientOptions {
  /** The server's origin, e.g. "https://payroute.example" (a trailing "/v2" is accepted too). */
  baseUrl: string;
  /** An API key: a demo key for the test helpers. Sent as `Authorization: Token <key>`. */
  token: string;
  /** The Integration acted as (the `Integration-ID` header), for Employee, Payout, Payrun, Invoice… calls. */
  integrationId?: string;
  /** Another fetch (a test's, a proxy's); default the global one. */
  fetch?: ClientOptions["fetch"];
  /** Headers sent with every request besides (e.g. `Accept-Language: sv`). */
  headers?: Record<string, string>;
}

export type PayrouteClient = Client<paths, "application/json">;

/** A client whose every request carries the key and, when given, the Integration. */
export function createPayrouteClient({ baseUrl, token, integrationId, fetch, headers }: PayrouteClientOptions): PayrouteClient {
  const origin = baseUrl.replace(/\/+$/, "").replace(/\/v2$/, "");
  return createClient<paths, "application/json">({
    baseUrl: `${origin}/v2`,
    fetch,
    headers: { ...headers, Authorization: `Token ${token}`, ...(integrationId ? { "Integration-ID": integrationId } : {}) },
  });
}
