/**
 * The operators' views list rows of every account and environment (unpaid Payruns, unpaid prepayment
 * Invoices): each row says whose it is.
 */
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { ENVIRONMENTS } from "@/domain/environments";

/** How many rows an operators' view shows, oldest first. */
export const OPERATOR_VIEW_ROWS = 200;

/** The select of a row's Integration, with its account's name. */
export const rowIntegration = {
  select: { id: true, name: true, environment: true, account: { select: { name: true } } },
} satisfies Prisma.IntegrationDefaultArgs;

type RowIntegration = Prisma.IntegrationGetPayload<typeof rowIntegration>;

/** Whose a row is: its Integration, account and environment (besides its pk). */
export function ownerOf(row: { pk: string; integration: RowIntegration }) {
  const { id, name, environment, account } = row.integration;
  return { pk: row.pk, integration: { id, name }, account: account.name, environment };
}

/** `ownerOf` as the views' schemas say it; each view adds its object. */
export const ZRowOwner = z.object({
  pk: z.string(),
  integration: z.object({ id: z.string(), name: z.string() }),
  account: z.string(),
  environment: z.enum(ENVIRONMENTS),
});
