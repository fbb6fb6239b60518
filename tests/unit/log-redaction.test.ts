import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/log";
import { capText, redactBodyText, redactRequestPath, redactUrl } from "@/log-redaction";

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe("redactUrl", () => {
  it.each([
    ["/v2/integrations/?token=abc&page=2", "/v2/integrations/?token=[REDACTED]&page=2"],
    [
      "/v2/?api_key=abc&ApiKey=def&access_token=x&client_secret=y&password=z&signature=s&code=c",
      "/v2/?api_key=[REDACTED]&ApiKey=[REDACTED]&access_token=[REDACTED]&client_secret=[REDACTED]&password=[REDACTED]&signature=[REDACTED]&code=[REDACTED]",
    ],
    ["/v2/?%74oken=abc", "/v2/?%74oken=[REDACTED]"],
    ["/v2/employees/?search=berg&page_size=10", "/v2/employees/?search=berg&page_size=10"],
    ["/e/claim?anything=abc", "/e/claim?[REDACTED]"],
    ["/e/claim#token=abc", "/e/claim"],
    ["/api/auth/reset-password/tok123?callbackURL=/x", "/api/auth/reset-password/[REDACTED]?callbackURL=/x"],
    ["/v2/", "/v2/"],
    // tRPC GET queries: secret fields inside the JSON `input`, at any depth and in batches; unreadable input whole.
    [`/api/trpc/team.preview?input=${q({ token: "inv-secret" })}`, `/api/trpc/team.preview?input=${q({ token: "[REDACTED]" })}`],
    [
      `/api/trpc/team.preview,employees.list?batch=1&input=${q({ 0: { token: "inv-secret" }, 1: { json: { search: "berg", apiKey: "k" } } })}`,
      `/api/trpc/team.preview,employees.list?batch=1&input=${q({ 0: { token: "[REDACTED]" }, 1: { json: { search: "berg", apiKey: "[REDACTED]" } } })}`,
    ],
    ["/api/trpc/team.preview?input=%7Btoken%3Ainv-secret", "/api/trpc/team.preview?input=[REDACTED]"],
    [`/api/trpc/employees.list?input=${q({ search: "berg" })}`, `/api/trpc/employees.list?input=${q({ search: "berg" })}`],
  ])("%s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe("the logger", () => {
  it("redacts credential headers and secret fields wherever they are logged", () => {
    const lines: string[] = [];
    const log = createLogger("info", new Writable({ write: (c: Buffer, _e, done) => (lines.push(c.toString()), done()) }));
    log.info({ url: `/api/trpc/team.preview?input=${q({ token: "k6" })}` }, "request");
    log.info(
      {
        url: "/v2/?token=k1",
        req: { headers: { authorization: "Token k2", cookie: "s=k3", accept: "text/html" } },
        headers: { "set-cookie": "s=k4" },
        password: "k5",
      },
      "request",
    );
    const out = lines.join("");
    for (const secret of ["k1", "k2", "k3", "k4", "k5"]) expect(out).not.toMatch(new RegExp(`\\b${secret}\\b`));
    expect(lines[0]).not.toContain("k6"); // encoded in the JSON input, where \b finds no word boundary
    expect(JSON.parse(lines[1])).toMatchObject({ url: "/v2/?token=[REDACTED]", req: { headers: { authorization: "[REDACTED]", accept: "text/html" } } });
  });
});

describe("request log bodies", () => {
  const key = "pr_demo_0123456789abcdefghijABCDEFGHIJ01";
  it("redacts secret fields at any depth and secret values anywhere in JSON", () => {
    const body = JSON.stringify({
      url: "https://example.com",
      secret_key: "whsec-very-secret-value",
      nested: [{ password: "hunter22", note: `key ${key} here`, personal_number: "19900101-1234" }],
      events: [key],
      zip_code: "11122",
      country: "SWE",
    });
    const out = JSON.parse(redactBodyText(body)) as Record<string, unknown>;
    expect(out).toEqual({
      url: "https://example.com",
      secret_key: "[REDACTED]",
      nested: [{ password: "[REDACTED]", note: "key [REDACTED] here", personal_number: "[REDACTED]" }],
      events: ["[REDACTED]"],
      zip_code: "11122",
      country: "SWE",
    });
  });

  it("redacts identity numbers and IBANs by value, keeps ordinary numbers", () => {
    const out = redactBodyText(JSON.stringify({ a: "199001011234", b: "900101-1234", c: "SE45 5000 0000 0583 9825 7466", amount: "1500.50", ocr: "12345678" }));
    expect(JSON.parse(out)).toEqual({ a: "[REDACTED]", b: "[REDACTED]", c: "[REDACTED]", amount: "1500.50", ocr: "12345678" });
  });

  it("redacts forms, and text that does not parse by its pairs", () => {
    expect(redactBodyText("name=x&secret_key=abc&api_key=def", "application/x-www-form-urlencoded")).toBe(
      "name=x&secret_key=%5BREDACTED%5D&api_key=%5BREDACTED%5D",
    );
    const broken = `{"name": "x", "secret_key": "abcdefghijklmnop", "password": "cut sho`;
    const out = redactBodyText(broken);
    expect(out).not.toContain("abcdefghijklmnop");
    expect(out).not.toContain("cut sho");
    expect(out).toContain('"name": "x"');
    const multipart = `--b\r\nContent-Disposition: form-data; name="secret_key"\r\n\r\nsupersecretvalue\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--b--`;
    expect(redactBodyText(multipart, "multipart/form-data")).not.toContain("supersecretvalue");
    expect(redactBodyText(multipart, "multipart/form-data")).toContain("Ada");
  });

  it("caps a text at a number of bytes, on a whole character", () => {
    expect(capText("abc", 8)).toBe("abc");
    const long = "å".repeat(10_000);
    const cut = capText(long, 8192);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(8192);
    expect(cut.endsWith("…[truncated]")).toBe(true);
    expect(cut).not.toContain("\uFFFD");
  });

  it("redacts a path's secret query values and keys in it", () => {
    expect(redactRequestPath(`/v2/employees/?token=abc&search=${key}`)).toBe("/v2/employees/?token=[REDACTED]&search=[REDACTED]");
  });
});
