import { describe, expect, it } from "vitest";
import { readEnv as readProcessEnv } from "./env";
import { sellerSettings } from "./seller";

const readEnv = (e: Record<string, string>) => readProcessEnv({ NODE_ENV: "test", ...e });

const complete = {
  SELLER_NAME: "Payroute AB",
  SELLER_ORG_NUMBER: "5591234561",
  SELLER_VAT_NUMBER: "se 559123456101",
  SELLER_ADDRESS: "Box 1, 111 22 Stockholm",
};

describe("the seller settings (SELLER_*)", () => {
  it("are read, checked and written as invoices print them", () => {
    expect(sellerSettings(readEnv(complete))).toEqual({
      seller: { name: "Payroute AB", orgNumber: "559123-4561", vatNumber: "SE559123456101", address: ["Box 1", "111 22 Stockholm"], placeholder: false },
      missing: [],
    });
  });

  it("refuse an organisation number with a wrong check digit, a malformed VAT number, and a VAT number of another company", () => {
    expect(() => readEnv({ ...complete, SELLER_ORG_NUMBER: "559123-4562" })).toThrow(/SELLER_ORG_NUMBER: must be a Swedish organisation number/);
    expect(() => readEnv({ ...complete, SELLER_VAT_NUMBER: "SE5591234561" })).toThrow(/SELLER_VAT_NUMBER: must be a VAT registration number/);
    expect(() => sellerSettings(readEnv({ ...complete, SELLER_VAT_NUMBER: "SE556677889901" }))).toThrow(/SELLER_ORG_NUMBER's 10 digits/);
  });

  it("default to none: Invoices are refused, and the missing settings are named", () => {
    expect(sellerSettings(readEnv({}))).toEqual({ seller: null, missing: ["SELLER_NAME", "SELLER_ORG_NUMBER", "SELLER_VAT_NUMBER", "SELLER_ADDRESS"] });
    expect(sellerSettings(readEnv({ ...complete, SELLER_ADDRESS: " " }))).toEqual({ seller: null, missing: ["SELLER_ADDRESS"] });
  });

  it("a marked placeholder only when asked for, and only on the embedded database", () => {
    const { seller } = sellerSettings(readEnv({ SELLER_PLACEHOLDER: "1" }));
    expect(seller).toMatchObject({ placeholder: true, name: expect.stringContaining("not a valid invoice") });
    expect(() => sellerSettings(readEnv({ SELLER_PLACEHOLDER: "1", DATABASE_URL: "postgres://db/payroute" }))).toThrow(/embedded database only/);
    expect(sellerSettings(readEnv({ ...complete, SELLER_PLACEHOLDER: "1" })).seller?.placeholder).toBe(false);
  });
});
