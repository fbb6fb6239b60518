import { expect, type APIRequestContext } from "@playwright/test";
import { apiKey } from "./dashboard-pages";

/** Other specs leave Payouts in the open SEK Payrun: closing it first gives a spec's Payout a Payrun of its own. */
export async function closeOpenSekPayruns(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Token ${apiKey()}` };
  const integrations = (await (await request.get("/v2/integrations/?type=1", { headers })).json()) as { results: { id: string }[] };
  const scoped = { ...headers, "Integration-ID": integrations.results[0].id };
  const payruns = (await (await request.get("/v2/payruns/?page_size=100", { headers: scoped })).json()) as {
    results: { id: string; currency: string; latest_status: string }[];
  };
  for (const payrun of payruns.results.filter((p) => p.currency === "SEK" && p.latest_status === "open")) {
    expect((await request.post(`/v2/payruns/${encodeURIComponent(payrun.id)}/close/`, { headers: scoped })).status()).toBe(204);
  }
}
