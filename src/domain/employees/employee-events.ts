/** The events of an Employee's own steps (claimed, verified), recorded with the Employee as the API shows it then. */
import type { Prisma } from "@/generated/prisma/client";
import { recordEvent } from "@/domain/events/event-service";
import { employeeSelect, toEmployeeApi } from "./employee-representation";

/** An Employee with what its events are scoped by: its Integration's account and environment. */
export const employeeWithIntegration = {
  ...employeeSelect,
  integration: { select: { pk: true, accountPk: true, environment: true } },
} satisfies Prisma.EmployeeSelect;

export async function recordEmployeeEvent(
  tx: Prisma.TransactionClient,
  name: "Employee.claimed" | "Employee.verified",
  employee: Prisma.EmployeeGetPayload<{ select: typeof employeeWithIntegration }>,
  now: Date,
): Promise<void> {
  await recordEvent(
    tx,
    {
      name,
      accountPk: employee.integration.accountPk,
      environment: employee.integration.environment,
      integrationPk: employee.integration.pk,
      objectPk: employee.pk,
      data: toEmployeeApi(employee),
    },
    now,
  );
}
