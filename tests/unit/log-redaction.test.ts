import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/log";
import { redactUrl } from "@/log-redaction";

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
