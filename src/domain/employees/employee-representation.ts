/** An Employee as the API shows it, and the columns every read of one selects (Prisma's and the direct queries'). */
import type { ExpressionBuilder } from "kysely";
import type { JsonRow, Tables } from "@/db/query-builder";
import type { Prisma } from "@/generated/prisma/client";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { EMPLOYEE_STATUS_RULES, statusOf } from "@/domain/status/status-rules";
import type { TEmployee } from "./employee-schemas";

export const employeeSelect = {
  pk: true,
  id: true,
  name: true,
  email: true,
  cellphoneNumber: true,
  country: true,
  metadata: true,
  invitationCode: true,
  createdAt: true,
  notifiedAt: true,
  claimedAt: true,
  verifiedAt: true,
} satisfies Prisma.EmployeeSelect;

export type EmployeeRow = Prisma.EmployeeGetPayload<{ select: typeof employeeSelect }>;

/** The Employee's status by the rules of src/domain/status. */
export function employeeStatus(row: Pick<EmployeeRow, "email" | "notifiedAt" | "claimedAt" | "verifiedAt">): TEmployee["latest_status"] {
  return statusOf(EMPLOYEE_STATUS_RULES, {
    verified: row.verifiedAt !== null,
    claimed: row.claimedAt !== null,
    notified: row.notifiedAt !== null,
    has_email: row.email !== null,
  });
}

export function toEmployeeApi(row: EmployeeRow): TEmployee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cellphone_number: row.cellphoneNumber,
    country: row.country,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    notified_at: timestamp(row.notifiedAt),
    claimed_at: timestamp(row.claimedAt),
    verified_at: timestamp(row.verifiedAt),
    invitation_code: row.claimedAt ? null : row.invitationCode,
    latest_status: employeeStatus(row),
  };
}

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

/** An Employee read as JSON by a direct query (`employeeColumns`): its timestamps back to dates. */
export function employeeFromJson(r: JsonRow<EmployeeRow>): EmployeeRow {
  return {
    ...r,
    createdAt: new Date(r.createdAt),
    notifiedAt: dateOrNull(r.notifiedAt),
    claimedAt: dateOrNull(r.claimedAt),
    verifiedAt: dateOrNull(r.verifiedAt),
  };
}

/** The columns of `employeeSelect` as the direct queries read them: the same row type, `EmployeeRow`. */
export function employeeColumns(eb: ExpressionBuilder<Tables, "employee">) {
  return [
    "pk",
    "id",
    "name",
    "email",
    "cellphone_number as cellphoneNumber",
    "country",
    eb.ref("metadata").$castTo<Prisma.JsonValue>().as("metadata"),
    "invitation_code as invitationCode",
    "created_at as createdAt",
    "notified_at as notifiedAt",
    "claimed_at as claimedAt",
    "verified_at as verifiedAt",
  ] as const;
}
