import { describe, expect, it } from "vitest";
import { EMPTY_WEBHOOK, toWebhookFields } from "./webhook-form-values";

describe("toWebhookFields", () => {
  it("leaves a blank id and secret out (generated on create, kept on edit)", () => {
    expect(toWebhookFields({ ...EMPTY_WEBHOOK, url: " http://127.0.0.1:9/hook " }, ["Employee.created"], "bad metadata")).toEqual({
      ok: true,
      fields: { id: undefined, url: "http://127.0.0.1:9/hook", events: ["Employee.created"], secret_key: undefined, metadata: {} },
    });
  });

  it("sends a typed secret and metadata", () => {
    const checked = toWebhookFields(
      { id: "wh-1", url: "https://example.com/h", secret_key: "0123456789abcdef", metadata: '{"team": "ops"}' },
      [],
      "bad metadata",
    );
    expect(checked.ok && checked.fields).toMatchObject({ id: "wh-1", secret_key: "0123456789abcdef", metadata: { team: "ops" } });
  });

  it("refuses metadata that is not a JSON object", () => {
    expect(toWebhookFields({ ...EMPTY_WEBHOOK, metadata: "nope" }, [], "bad metadata").ok).toBe(false);
  });
});
