import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

const read = (e: Record<string, string>) => readEnv({ NODE_ENV: "test", ...e });

describe("REQUEST_LOG", () => {
  it("keeps the request log unless it is turned off explicitly", () => {
    expect(read({}).REQUEST_LOG).toBe(true);
    expect(read({ REQUEST_LOG: "1" }).REQUEST_LOG).toBe(true);
    for (const off of ["0", "false", "no", "off", "OFF"]) expect(read({ REQUEST_LOG: off }).REQUEST_LOG).toBe(false);
  });
});
