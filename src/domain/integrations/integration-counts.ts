/** How many objects an Integration has, for its dashboard page (no REST path). */
import { z } from "zod";
import type { Db } from "@/db/database";
import { notFound } from "@/domain/errors";
import type { AccountScope } from "@/domain/scope";

export const ZIntegrationCounts = z.object({
  employees: z.number().int(),
  payouts: z.number().int(),
  payruns: z.number().int(),
  invoices: z.number().int(),
  /** The Integration's own subscriptions; the account-wide ones are not counted. */
  webhooks: z.number().int(),
});
export type TIntegrationCounts = z.infer<typeof ZIntegrationCounts>;

export async function integrationCounts(db: Db, scope: AccountScope, id: string): Promise<TIntegrationCounts> {
  const found = await db.integration.findFirst({ where: { id, accountPk: scope.accountPk, environment: scope.environment }, select: { pk: true } });
  if (!found) throw notFound();
  const where = { integrationPk: found.pk };
  const [employees, payouts, payruns, invoices, webhooks] = await Promise.all([
    db.employee.count({ where }),
    db.payout.count({ where }),
    db.payrun.count({ where }),
    db.invoice.count({ where }),
    db.webhookSubscription.count({ where }),
  ]);
  return { employees, payouts, payruns, invoices, webhooks };
}
