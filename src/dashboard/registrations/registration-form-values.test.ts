import { describe, expect, it } from "vitest";
import { EMPTY_REGISTRATION, toRegistrationFields } from "./registration-form-values";

const danish = {
  ...EMPTY_REGISTRATION,
  friendly_name: "Nordisk Test",
  registered_name: "Nordisk Test ApS",
  email: "finance@nordisk.example",
  phone_number: "+4533123456",
  country: "DNK",
  tin_number: "18785153",
  vat_number: "DK18785153",
  address_line_1: "Østerbrogade 1",
  zip_code: "2100",
  city: "København",
};

describe("toRegistrationFields", () => {
  it("leaves blank ids out (generated or kept) and sends blank optional fields as null", () => {
    const checked = toRegistrationFields({ ...danish, vat_number: " ", state: "", address_line_2: "" }, "bad metadata");
    expect(checked).toEqual({
      ok: true,
      fields: expect.objectContaining({ id: undefined, integration_id: undefined, vat_number: null, state: null, address_line_2: null, metadata: {} }),
    });
  });

  it("sends typed ids trimmed and values as typed, for the server to check", () => {
    const checked = toRegistrationFields({ ...danish, id: " reg-1 ", integration_id: "int-1", tin_number: "123" }, "bad metadata");
    expect(checked.ok && checked.fields).toMatchObject({ id: "reg-1", integration_id: "int-1", tin_number: "123", country: "DNK", vat_number: "DK18785153" });
  });

  it("refuses metadata that is not a JSON object before sending", () => {
    expect(toRegistrationFields({ ...danish, metadata: "[1]" }, "bad metadata")).toEqual({ ok: false, errors: { metadata: ["bad metadata"] } });
  });
});
