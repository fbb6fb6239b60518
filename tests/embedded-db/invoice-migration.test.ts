/**
 * Migration 0009 on data written before it: open Payruns get a pro-forma Invoice, closed ones an issued one
 * (numbered, OCR as src/domain/billing/ocr.ts computes it, totals with the Payouts' stored VAT, due date from
 * the payment terms), paid ones a paid one.
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, expect, it } from "vitest";
import { ocrReference } from "@/domain/billing/ocr";

const dir = "prisma/migrations";
const migrations = fs
  .readdirSync(dir)
  .filter((d) => /^\d{4}_/.test(d))
  .sort();
let db: PGlite | null = null;
afterAll(() => db?.close());

it("backfills the Invoices of existing Payruns", async () => {
  db = await PGlite.create({ extensions: { pg_trgm } });
  for (const m of migrations.filter((d) => d < "0009")) await db.exec(fs.readFileSync(`${dir}/${m}/migration.sql`, "utf8"));
  const integration = "00000000-0000-0000-0000-000000000002";
  await db.exec(`
    INSERT INTO account (pk, name) VALUES ('00000000-0000-0000-0000-000000000001', 'a');
    INSERT INTO integration (pk, id, account_pk, environment, type, name, email, recipient, address_line_1, zip_code, city, updated_at)
      VALUES ('${integration}', 'i', '00000000-0000-0000-0000-000000000001', 'demo', 3, 'n', 'ap@x.example', 'R AB', 'Gatan 1', '111', 'Sthlm', now());
    INSERT INTO employee (pk, id, integration_pk, name, country, updated_at) VALUES ('00000000-0000-0000-0000-000000000003', 'e', '${integration}', 'E', 'SWE', now());
    INSERT INTO payrun (pk, id, integration_pk, currency, open, closed_at, paid_at, updated_at) VALUES
      ('00000000-0000-0000-0000-00000000000a', 'open', '${integration}', 'SEK', true, null, null, now()),
      ('00000000-0000-0000-0000-00000000000b', 'closed', '${integration}', 'SEK', false, '2026-11-01T10:00:00Z', null, now()),
      ('00000000-0000-0000-0000-00000000000c', 'paid', '${integration}', 'SEK', false, '2026-10-01T10:00:00Z', '2026-10-02T10:00:00Z', now());
    INSERT INTO payout (pk, id, integration_pk, employee_pk, payrun_pk, basis, amount, invoiced_amount, cost, currency, breakdown, description, updated_at) VALUES
      (gen_random_uuid(), 'p1', '${integration}', '00000000-0000-0000-0000-000000000003', '00000000-0000-0000-0000-00000000000b', 'amount', 1000, 1314.20, 1379.91, 'SEK', '{"vat":"344.98"}', 'x', now()),
      (gen_random_uuid(), 'p2', '${integration}', '00000000-0000-0000-0000-000000000003', '00000000-0000-0000-0000-00000000000b', 'amount', 10, 13.14, 13.80, 'SEK', '{"vat":"3.45"}', 'x', now()),
      (gen_random_uuid(), 'p3', '${integration}', '00000000-0000-0000-0000-000000000003', '00000000-0000-0000-0000-00000000000c', 'amount', 10, 13.14, 13.80, 'SEK', '{"vat":"3.45"}', 'x', now());
  `);
  for (const m of migrations.filter((d) => d >= "0009")) await db.exec(fs.readFileSync(`${dir}/${m}/migration.sql`, "utf8"));
  const { rows } = await db.query<Record<string, string | null>>(`
    SELECT p.id, i.number::text, i.ocr, i.subtotal::text, i.vat::text, i.total::text, i.amount_paid::text, i.due_date::text,
      i.issued_at::text IS NOT NULL AS issued, i.paid_at::text IS NOT NULL AS paid, i.recipient, i.email, i.billing_type
    FROM invoice i JOIN payrun p ON p.pk = i.payrun_pk ORDER BY p.id`);
  expect(rows.map((r) => r.id)).toEqual(["closed", "open", "paid"]);
  const [closed, open, paid] = rows;
  expect(open).toMatchObject({ number: null, ocr: null, total: null, due_date: null, issued: false, paid: false, billing_type: "payrun" });
  expect(closed).toMatchObject({
    subtotal: "1393.71",
    vat: "348.43",
    total: "1742.14",
    amount_paid: "0.00",
    due_date: "2026-11-15",
    issued: true,
    paid: false,
    recipient: "R AB",
    email: "ap@x.example",
  });
  expect(paid).toMatchObject({ total: "17.25", amount_paid: "17.25", issued: true, paid: true });
  for (const r of [closed, paid]) expect(r.ocr).toBe(ocrReference(r.number ?? ""));
  const next = await db.query<{ n: string }>(`SELECT nextval('invoice_number_seq')::text AS n`);
  expect(Number(next.rows[0].n)).toBeGreaterThan(Math.max(Number(closed.number), Number(paid.number)));
});
