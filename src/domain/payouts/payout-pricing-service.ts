/** Pricing quotes (/v2/pricing/), a Payout dry run: the breakdown a Payout body would get, with nothing saved (an inline Employee is not created). */
import type { Db } from "@/db/database";
import type { ScopedDb } from "@/domain/shared/service-context";
import type { FieldErrors } from "@/domain/errors";
import { checkBatchSize, findPayoutEmployee, pricePayout, readPayoutBody, throwItemErrors, type ItemResult, type PayoutDraft } from "./payout-input";
import type { TCreatePayoutsInput } from "./payout-schemas";
import type { IntegrationScope } from "@/domain/scope";
import { toPricingApi, type TPricing } from "./payout-pricing-schemas";

/** An inline Employee that matches none is priced by the country it gives. */
async function quote(db: Db, scope: IntegrationScope, draft: PayoutDraft): Promise<ItemResult<TPricing>> {
  const employee = await findPayoutEmployee(db, scope, draft.body.employee);
  if (!employee.ok) return employee;
  const priced = pricePayout(draft, employee.value.country);
  return priced.ok ? { ok: true, value: toPricingApi(priced.value, draft.body.currency) } : priced;
}

/** Prices every item as POST /v2/payouts/ would (the same Employee matching and errors), in order. */
export async function calculatePricing({ db, scope }: ScopedDb, input: TCreatePayoutsInput): Promise<TPricing[]> {
  checkBatchSize(input.items);
  const errors: (FieldErrors | null)[] = [];
  const quotes: TPricing[] = [];
  for (const draft of input.items.map(readPayoutBody)) {
    const result = draft.ok ? await quote(db, scope, draft.value) : draft;
    errors.push(result.ok ? null : result.errors);
    if (result.ok) quotes.push(result.value);
  }
  throwItemErrors(errors, input.bulk);
  return quotes;
}
