import { describe, expect, it } from "vitest";
import { csvLine, errorLines, readPayoutCsv } from "./payout-csv";

describe("readPayoutCsv", () => {
  it("reads one request per row, amounts in the page's language, empty cells left out", () => {
    const csv = 'employee,amount,currency,description,start_at\r\nann,"1 500,50",sek,"Shift, evening",\r\nbo,12,SEK,Tip,2026-01-01\r\n';
    const { items, problems } = readPayoutCsv(csv, "sv");
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { employee: "ann", amount: "1500.50", currency: "SEK", description: "Shift, evening" },
      { employee: "bo", amount: "12", currency: "SEK", description: "Tip", start_at: "2026-01-01" },
    ]);
  });

  it("reads English amounts with thousands separators and leaves what is no amount for the server to name", () => {
    const { items } = readPayoutCsv('Employee,Amount,Currency,Description\nann,"1,500.50",SEK,A\nbo,abc,SEK,B\n', "en");
    expect(items.map((i) => i.amount)).toEqual(["1500.50", "abc"]);
  });

  it("tells a file without an employee column, and ignores a byte-order mark", () => {
    expect(readPayoutCsv("\uFEFFname,amount\nann,1\n", "en").problems).toEqual(["employee"]);
    expect(readPayoutCsv("\uFEFFemployee,amount\nann,1\n", "en").problems).toEqual([]);
  });

  it("reads an export's formula-escaped cells back as they were", () => {
    const { items } = readPayoutCsv("employee,amount,currency,description\r\nann,-12.50,SEK,'=1+1\r\nbo,1,SEK,'Tis\r\n", "en");
    expect(items.map((i) => [i.amount, i.description])).toEqual([
      ["-12.50", "=1+1"],
      ["1", "'Tis"],
    ]);
  });

  it("numbers rows by their line in the file", () => {
    expect(csvLine(0)).toBe(2);
  });
});

describe("errorLines", () => {
  const label = (field: string) => ({ amount: "Belopp", employee: "Anställd" })[field] ?? field;
  it("names each field by its label, nested errors by the outer field, row errors as they are", () => {
    expect(errorLines({}, label)).toEqual([]);
    expect(errorLines({ amount: ["Inget giltigt tal."], employee: { email: ["Ogiltig."] }, non_field_errors: ["Ange exakt ett."] }, label)).toEqual([
      "Belopp: Inget giltigt tal.",
      "Anställd: Ogiltig.",
      "Ange exakt ett.",
    ]);
  });
});
