// Every /v2/ HTML view has a title in both languages (issue 12, "Swedish throughout"), from the catalogue's
// `apiViewTitles` by procedure path; its English is the procedure's OpenAPI summary, which the API reference shows.
import { describe, expect, it } from "vitest";
import { textEntries } from "@/i18n/catalogue/bilingual";
import { serverMessagesFor } from "@/i18n/catalogue/catalogue";
import { serverTexts } from "@/i18n/server-texts";
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

describe("the /v2/ HTML views' titles", () => {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  const summaries = Object.entries(procedures).flatMap(([path, p]) => {
    const summary = summaryOf(p);
    return summary === undefined ? [] : [{ path, summary }];
  });
  const titles = (locale: "en" | "sv") => new Map(textEntries(serverMessagesFor(locale).apiViewTitles));

  it("exist for every procedure with a REST path, the English being its summary", () => {
    expect(summaries.length).toBeGreaterThan(50);
    const en = titles("en");
    const sv = titles("sv");
    expect(summaries.filter((s) => en.get(s.path) !== s.summary || !sv.get(s.path)?.trim()).map((s) => `${s.path}: ${s.summary}`)).toEqual([]);
  });

  it("name no procedure that is gone", () => {
    const known = new Set(summaries.map((s) => s.path));
    expect([...titles("en").keys()].filter((path) => !known.has(path))).toEqual([]);
  });

  it("cover Prepayments, Payruns and Invoices", () => {
    const sv = serverTexts("sv");
    expect(sv("apiViewTitles.prepayments.list")).toBe("Förskottsbetalningar");
    expect(sv("apiViewTitles.payruns.list")).toBe("Lönekörningar");
    expect(sv("apiViewTitles.invoices.list")).toBe("Fakturor");
  });
});
