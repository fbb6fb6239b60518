/**
 * The Payout list's frequent shape: one Payrun's Payouts (or one Employee's) and no other filter, as a Payrun's page
 * and a client reconciling a Payrun read them. One statement, compiled once, reads the count and the page with each
 * Payout's Employee and Payrun. Through Prisma the same answer took five queries, each compiled anew by Prisma's
 * query compiler: 11–20 ms of the server's CPU per request, the Employee list's 0.6 (docs/performance.md, issue 30).
 */
import { jsonBuildObject, jsonObjectFrom } from "kysely/helpers/postgres";
import { fastSql } from "@/db/fast-sql";
import { compiledOnce, jsonArrayOf, placeholder, qb, runCompiled, type JsonRow } from "@/db/query-builder";
import { employeeColumns, employeeFromJson, type EmployeeRow } from "@/domain/employees/employee-representation";
import { pageWindow, type TPageQuery } from "@/domain/shared/pagination";
import type { ScopedDb } from "@/domain/shared/service-context";
import { Prisma } from "@/generated/prisma/client";
import type { PayoutRow } from "./payout-representation";

/** The column that names the list's one Payrun or Employee, and the table their ids are looked up in. */
export type PayoutOwner = "payrun_pk" | "employee_pk";
const OWNER_TABLE = { payrun_pk: "payrun", employee_pk: "employee" } as const;

type PageRow = Omit<JsonRow<PayoutRow>, "amount" | "invoicedAmount" | "cost" | "employee" | "payrun"> & {
  amount: string;
  invoicedAmount: string;
  cost: string;
  employee: JsonRow<EmployeeRow>;
  payrun: { id: string; open: boolean; paidAt: string | null };
};

/**
 * $1 the Integration's pk, $2 the Payrun's or Employee's id, $3 the page size, $4 the offset; the order is the list's
 * (newest first, pk breaking ties). An id not of the Integration matches no Payout. The owner's pk alone scopes the
 * Payouts: beside it, the Integration's condition lets PostgreSQL walk the Integration's (integration_pk, created_at)
 * index newest first, which looks as cheap (it follows the table's order) and reads every newer Payout.
 */
function pageStatement(owner: PayoutOwner) {
  const pk = qb
    .selectFrom(OWNER_TABLE[owner])
    .select("pk")
    .where("integration_pk", "=", placeholder<string>(1, "uuid"))
    .where("id", "=", placeholder<string>(2, "text"));
  const page = qb
    .selectFrom("payout as p")
    .innerJoin("payrun as r", "r.pk", "p.payrun_pk")
    .select((eb) => [
      "p.pk",
      "p.id",
      "p.basis",
      // As text: a JSON number would pass through a float.
      eb.cast<string>("p.amount", "text").as("amount"),
      eb.cast<string>("p.invoiced_amount", "text").as("invoicedAmount"),
      eb.cast<string>("p.cost", "text").as("cost"),
      "p.currency",
      eb.ref("p.breakdown").$castTo<Prisma.JsonValue>().as("breakdown"),
      "p.description",
      eb.ref("p.metadata").$castTo<Prisma.JsonValue>().as("metadata"),
      "p.start_at as startAt",
      "p.end_at as endAt",
      "p.created_at as createdAt",
      "p.notified_at as notifiedAt",
      "p.accepted_at as acceptedAt",
      "p.canceled_at as canceledAt",
      "p.payrun_pk as payrunPk",
      jsonObjectFrom(eb.selectFrom("employee").select(employeeColumns).whereRef("employee.pk", "=", "p.employee_pk"))
        .$castTo<JsonRow<EmployeeRow>>()
        .as("employee"),
      jsonBuildObject({ id: eb.ref("r.id"), open: eb.ref("r.open"), paidAt: eb.ref("r.paid_at") })
        .$castTo<PageRow["payrun"]>()
        .as("payrun"),
    ])
    .where(`p.${owner}`, "=", pk)
    .orderBy("p.created_at", "desc")
    .orderBy("p.pk", "asc")
    .limit(placeholder<number>(3, "int"))
    .offset(placeholder<number>(4, "int"));
  return compiledOnce(
    qb.selectNoFrom((eb) => [
      eb
        .selectFrom("payout")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .where(owner, "=", pk)
        .as("total"),
      jsonArrayOf(page, [
        ["createdAt", "desc"],
        ["pk", "asc"],
      ]).as("rows"),
    ]),
  );
}

const STATEMENTS: Record<PayoutOwner, ReturnType<typeof pageStatement>> = {
  payrun_pk: pageStatement("payrun_pk"),
  employee_pk: pageStatement("employee_pk"),
};

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

function fromJson(r: PageRow): PayoutRow {
  return {
    ...r,
    amount: new Prisma.Decimal(r.amount),
    invoicedAmount: new Prisma.Decimal(r.invoicedAmount),
    cost: new Prisma.Decimal(r.cost),
    startAt: dateOrNull(r.startAt),
    endAt: dateOrNull(r.endAt),
    createdAt: new Date(r.createdAt),
    notifiedAt: dateOrNull(r.notifiedAt),
    acceptedAt: dateOrNull(r.acceptedAt),
    canceledAt: dateOrNull(r.canceledAt),
    employee: employeeFromJson(r.employee),
    payrun: { ...r.payrun, paidAt: dateOrNull(r.payrun.paidAt) },
  };
}

/** The page and count of the Payouts of the Integration's Payrun or Employee `id`. */
export async function ownerPage({ db, scope }: ScopedDb, owner: PayoutOwner, id: string, q: TPageQuery): Promise<{ count: number; rows: PayoutRow[] }> {
  const { skip, take } = pageWindow(q);
  const [row] = await runCompiled(fastSql(db), STATEMENTS[owner], [scope.integrationPk, id, take, skip]);
  return { count: row?.total ?? 0, rows: (row?.rows ?? []).map(fromJson) };
}
