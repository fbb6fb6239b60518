/**
 * /e/login's "send me a new link" limits (3 per email, 10 per address an hour) hold under concurrency: the
 * count and the insert happen under a lock per email and per address, so parallel requests cannot all count
 * before any of them is written.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LINK_LIMITS } from "@/domain/employees/employee-sign-in-link";
import { decodeMail, integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ trustProxyHops: 1 });
});
afterAll(() => app?.close());

/** employeeApp.requestLink from `address` (the proxy's X-Forwarded-For entry); answers the status. */
async function requestLink(email: string, address: string): Promise<number> {
  const res = await fetch(`${app.url}/api/trpc/employeeApp.requestLink`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, "X-Forwarded-For": address },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  return res.status;
}

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe(`sign-in link limits under concurrency (${TEST_DB})`, () => {
  it("20 parallel requests for one email send exactly 3 links", async () => {
    const { key } = await app.newKey("demo");
    const integration = `int-${crypto.randomBytes(3).toString("hex")}`;
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: integration }) });
    const email = `worker-${crypto.randomBytes(4).toString("hex")}@example.test`;
    const created = await app.json("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": integration },
      body: { name: "Wera", email, country: "SWE" },
    });
    expect(created.status).toBe(201);
    await app.drainJobs();
    const before = app.mails().filter((m) => m.text.includes(`To: ${email}`)).length;

    // Each from an address of its own, so that only the per-email limit applies.
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => requestLink(email, `198.51.100.${i + 1}`)));
    expect([count(codes, 200), count(codes, 429)]).toEqual([SIGN_IN_LINK_LIMITS.perEmail, 20 - SIGN_IN_LINK_LIMITS.perEmail]);
    await app.drainJobs();
    const links = app
      .mails()
      .filter((m) => m.text.includes(`To: ${email}`))
      .slice(before)
      .map((m) => decodeMail(m.text));
    expect(links).toHaveLength(SIGN_IN_LINK_LIMITS.perEmail);
  });

  it("20 parallel requests from one address are answered 10 times", async () => {
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestLink(`nobody-${i}-${crypto.randomBytes(3).toString("hex")}@example.test`, "192.0.2.77")),
    );
    expect([count(codes, 200), count(codes, 429)]).toEqual([SIGN_IN_LINK_LIMITS.perAddress, 20 - SIGN_IN_LINK_LIMITS.perAddress]);
  });
});
