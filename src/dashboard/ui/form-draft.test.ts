import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DRAFT_MAX_AGE_MS,
  draftFor,
  draftKey,
  draftOfDialog,
  draftToKeep,
  otherPeoplesDraftKeys,
  restoreParsed,
  restoreText,
  withoutSecrets,
} from "./form-draft";

const place = { dialog: "employees.create", path: "/employees", environment: "demo" };
const now = Date.UTC(2026, 10, 27, 12);

describe("draftToKeep", () => {
  it("keeps the parts when something was typed", () => {
    const draft = draftToKeep(place, { fields: { name: "Ann" } }, { fields: { name: "" } }, now);
    expect(draft).toEqual({ ...place, savedAt: now, parts: { fields: { name: "Ann" } } });
  });

  it("keeps nothing when every part is as it started", () => {
    expect(draftToKeep(place, { fields: { name: "" }, events: [] }, { fields: { name: "" }, events: [] }, now)).toBeNull();
  });
});

describe("withoutSecrets", () => {
  it("takes the marked fields out", () => {
    expect(withoutSecrets({ url: "https://a.example", secret_key: "whsec_1" }, ["secret_key"])).toEqual({ url: "https://a.example" });
  });
});

describe("draftFor", () => {
  const stored = JSON.stringify({ ...place, savedAt: now, parts: { fields: { name: "Ann" } } });

  it("gives the draft back at its own dialog, page and environment", () => {
    expect(draftFor(stored, place, now + 1000)?.parts).toEqual({ fields: { name: "Ann" } });
  });

  it.each([
    ["another dialog", { ...place, dialog: "payouts.create" }],
    ["another page", { ...place, path: "/payouts" }],
    ["another environment", { ...place, environment: "live" }],
  ])("gives nothing for %s", (_, elsewhere) => {
    expect(draftFor(stored, elsewhere, now)).toBeNull();
  });

  it("gives nothing once the draft is too old, or dated in the future", () => {
    expect(draftFor(stored, place, now + DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(draftFor(stored, place, now + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(draftFor(stored, place, now - 1)).toBeNull();
  });

  it.each([null, "", "not json", "[]", JSON.stringify({ ...place, parts: {} })])("gives nothing for %j", (raw) => {
    expect(draftFor(raw, place, now)).toBeNull();
  });
});

describe("an edit dialog's draft, kept for its object", () => {
  const edit = { dialog: "employees.edit", path: "/employees", environment: "demo", subject: "emp-1" };
  const stored = JSON.stringify(draftToKeep(edit, { fields: { name: "Ann" } }, { fields: { name: "Anne" } }, now));

  it("comes back to the dialog on the same object only", () => {
    expect(draftFor(stored, edit, now)?.parts).toEqual({ fields: { name: "Ann" } });
    expect(draftFor(stored, { ...edit, subject: "emp-2" }, now)).toBeNull();
    expect(draftFor(stored, { ...edit, subject: undefined }, now)).toBeNull();
  });

  it("names its object to the page, which opens the dialog on it", () => {
    const { subject: _, ...dialog } = edit;
    expect(draftOfDialog(stored, dialog, now)?.subject).toBe("emp-1");
    expect(draftOfDialog(stored, { ...dialog, dialog: "employees.create" }, now)).toBeNull();
  });

  it("is not given to a create dialog's place, which names no object", () => {
    const created = JSON.stringify(draftToKeep(place, { fields: { name: "Ann" } }, { fields: { name: "" } }, now));
    expect(draftFor(created, place, now)).not.toBeNull();
    expect(draftFor(created, { ...place, subject: "emp-1" }, now)).toBeNull();
  });
});

describe("draftKey and otherPeoplesDraftKeys", () => {
  it("keys each person's draft apart and finds the others' among the tab's keys", () => {
    expect(draftKey("u1")).not.toBe(draftKey("u2"));
    const keys = [draftKey("u1"), draftKey("u2"), "payroute.other", "theirs"];
    expect(otherPeoplesDraftKeys(keys, "u1")).toEqual([draftKey("u2")]);
  });
});

describe("restoreText", () => {
  it("takes the stored text of the form's own fields only", () => {
    const initial = { name: "", email: "", country: "" };
    expect(restoreText(initial, { name: "Ann", email: 5, extra: "x" })).toEqual({ name: "Ann", email: "", country: "" });
    expect(restoreText(initial, null)).toBe(initial);
  });
});

describe("restoreParsed", () => {
  it("gives the stored value when it fits the schema, else the start value", () => {
    const restore = restoreParsed(z.array(z.string()));
    expect(restore([], ["payout.paid"])).toEqual(["payout.paid"]);
    expect(restore(["a"], [1])).toEqual(["a"]);
  });
});
