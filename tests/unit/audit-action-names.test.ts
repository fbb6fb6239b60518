import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/domain/audit/audit-actions";
import { messagesFor } from "@/i18n/catalogue/catalogue";

describe("the audit log's actions in words", () => {
  it("names every action the server records, in English and Swedish, and no other", () => {
    for (const locale of ["en", "sv"] as const) {
      const named = Object.entries(messagesFor(locale).auditLog.actions).flatMap(([group, names]) => Object.keys(names).map((name) => `${group}.${name}`));
      expect(named.sort()).toEqual([...AUDIT_ACTIONS].sort());
    }
  });
});
