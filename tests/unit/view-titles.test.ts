// Every /v2/ HTML view has a Swedish title (issue 12, "Swedish throughout"): the page's title is the procedure's
// OpenAPI summary, which stays English for the API reference, translated by `viewTitlesSv`.
import { describe, expect, it } from "vitest";
import { viewTitlesSv } from "@/i18n/messages";
import { appRouter } from "@/trpc/app-router";

/** The OpenAPI summary in a procedure's meta, if it has one. */
function summaryOf(procedure: unknown): string | undefined {
  if ((typeof procedure !== "function" && typeof procedure !== "object") || procedure === null || !("_def" in procedure)) return undefined;
  const def: unknown = procedure._def;
  if (typeof def !== "object" || def === null || !("meta" in def)) return undefined;
  const meta: unknown = def.meta;
  if (typeof meta !== "object" || meta === null || !("openapi" in meta)) return undefined;
  const openapi: unknown = meta.openapi;
  return typeof openapi === "object" && openapi !== null && "summary" in openapi && typeof openapi.summary === "string" ? openapi.summary : undefined;
}

describe("the /v2/ HTML views' Swedish titles", () => {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  const summaries = Object.entries(procedures).flatMap(([path, p]) => {
    const summary = summaryOf(p);
    return summary === undefined ? [] : [{ path, summary }];
  });

  it("exist for every procedure with a REST path", () => {
    expect(summaries.length).toBeGreaterThan(50);
    expect(summaries.filter((s) => !viewTitlesSv[s.summary]?.trim()).map((s) => `${s.path}: ${s.summary}`)).toEqual([]);
  });

  it("name no procedure that is gone", () => {
    const known = new Set(summaries.map((s) => s.summary));
    expect(Object.keys(viewTitlesSv).filter((summary) => !known.has(summary))).toEqual([]);
  });

  it("cover Prepayments, Payruns and Invoices", () => {
    expect(viewTitlesSv["List Prepayments"]).toBe("Förskottsbetalningar");
    expect(viewTitlesSv["List Payruns"]).toBe("Lönekörningar");
    expect(viewTitlesSv["List Invoices"]).toBe("Fakturor");
  });
});
