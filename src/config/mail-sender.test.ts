import { describe, expect, it } from "vitest";
import { readEnv as readProcessEnv } from "./env";
import { DEV_MAIL_FROM, mailSender } from "./mail-sender";

const readEnv = (e: Record<string, string>) => readProcessEnv({ NODE_ENV: "test", ...e });

describe("the sender of emails (MAIL_FROM)", () => {
  it("is required when emails go out by SMTP, with a message that says what to set", () => {
    expect(() => mailSender(readEnv({ SMTP_URL: "smtps://user:pass@smtp.example.com:465" }))).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => mailSender(readEnv({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "  " }))).toThrow(/MAIL_FROM: required/);
  });

  it("is taken as written with SMTP", () => {
    expect(mailSender(readEnv({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "Bygg Lön <lon@bygg.example.se>" }))).toBe("Bygg Lön <lon@bygg.example.se>");
    expect(mailSender(readEnv({ SMTP_URL: "smtp://smtp.example.com", MAIL_FROM: "no-reply@pay.example.com" }))).toBe("no-reply@pay.example.com");
  });

  it("has a default while emails are written as files", () => {
    expect(mailSender(readEnv({}))).toBe(DEV_MAIL_FROM);
  });

  it("refuses what is not one address", () => {
    expect(() => mailSender(readEnv({ MAIL_FROM: "Payroute" }))).toThrow(/MAIL_FROM: must be one email address/);
    expect(() => mailSender(readEnv({ MAIL_FROM: "a@example.com, b@example.com" }))).toThrow(/must be one email address/);
  });
});
