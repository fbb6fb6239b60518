import { z } from "zod";
import { ZCreateEmployeeRequest, ZEmployee, type TCreateEmployeeRequest } from "@/domain/employees/employee-schemas";
import { ZCurrency, ZMoney } from "@/domain/pricing/money";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { requiredText, ZExpandOf, ZId, ZInstantInput, ZMetadata, ZMetadataOutput } from "@/domain/shared/schemas";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";
import { ZPayrun } from "@/domain/payruns/payrun-schemas";
import { readBatch } from "@/domain/shared/array-body";
import { PAYOUT_STATUSES } from "@/domain/status/status-rules";
import { t } from "@/i18n/locale";

export const ZPayout = z
  .object({
    id: z.string(),
    amount: z.string().meta({ description: "Gross salary, decimal with two places" }),
    invoiced_amount: z.string().meta({ description: "amount plus the employer's obligations (payroll contributions)" }),
    cost: z.string().meta({ description: "invoiced_amount plus the service's fee: what the Integration pays (VAT on top)" }),
    currency: z.string(),
    description: z.string(),
    employee: z.union([z.string(), ZEmployee]).meta({ description: "The Employee's id; the Employee object with expand=employee" }),
    payrun: z.union([z.string(), ZPayrun]).meta({ description: "id of the Payrun the Payout belongs to; the Payrun object with expand=payrun" }),
    invoice: z.union([z.string(), ZPayrun]).meta({ description: "Deprecated: the same as payrun (the Payrun object with expand=invoice)", deprecated: true }),
    full_salary_specification: z.boolean().meta({ description: "false when amount was given, true when invoiced_amount or cost was" }),
    latest_status: z.enum(PAYOUT_STATUSES).meta({
      description:
        "created (its Payrun open), not_funded (its Payrun invoiced, unpaid), onboarding_incomplete (funded; its Employee has not claimed), " +
        "notification_sent (notified; its Employee claimed, not verified), available (notified; its Employee verified: it can be accepted), " +
        "complete (accepted). A cancelled Payout keeps its status and has canceled_at",
    }),
    metadata: ZMetadataOutput,
    start_at: z.string().nullable(),
    end_at: z.string().nullable(),
    created_at: z.string(),
    notified_at: z.string().nullable(),
    accepted_at: z.string().nullable(),
    canceled_at: z.string().nullable(),
  })
  .meta({ id: "Payout" });
export type TPayout = z.infer<typeof ZPayout>;

const ZExpand = ZExpandOf(["employee", "payrun", "invoice"]);

/**
 * `employee` of a Payout body: an Employee id, or an Employee object (inline). A plain union would hide the
 * inline object's field errors, so the schema is picked by the value's type and its issues kept, nested.
 */
const ZEmployeeRef = z
  .unknown()
  .transform((value, ctx): string | TCreateEmployeeRequest => {
    if (value === undefined || value === null) {
      ctx.addIssue({ code: "custom", message: t(value === undefined ? "required" : "null") });
      return z.NEVER;
    }
    const inline = typeof value === "object" && !Array.isArray(value);
    const parsed = inline ? ZCreateEmployeeRequest.safeParse(value) : ZId.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // ZId's own union error has no message of ours (it is neither a string nor a number).
      ctx.addIssue({ code: "custom", message: issue.code === "invalid_union" ? t("invalid_value") : issue.message, path: issue.path });
    }
    return z.NEVER;
  })
  .meta({
    description:
      "An Employee id, or an Employee object with the fields of POST /v2/employees/: an Employee of this Integration " +
      "with the same email (else the same id) is reused, otherwise it is created",
  });

/** One Payout in a create (or pricing) body. Exactly one of amount, invoiced_amount and cost is given. */
export const ZCreatePayoutRequest = z.object({
  id: ZId.optional(),
  amount: ZMoney.optional(),
  invoiced_amount: ZMoney.optional(),
  cost: ZMoney.optional(),
  currency: ZCurrency,
  description: requiredText(255),
  employee: ZEmployeeRef,
  metadata: ZMetadata.optional(),
  start_at: ZInstantInput.nullish(),
  end_at: ZInstantInput.nullish(),
  payrun: ZId.optional().meta({
    description:
      "The Payrun to join (needs the Integration's payrun_management): open and in the Payout's currency; default (or open): the open automatic Payrun",
  }),
});
export type TCreatePayoutRequest = z.infer<typeof ZCreatePayoutRequest>;

export const MAX_BULK = 500;

/** The body of POST /v2/payouts/ and /v2/pricing/: one Payout or an array of them (src/domain/shared/array-body.ts). */
export const ZCreatePayoutsInput = z.preprocess(
  readBatch,
  z
    .object({
      items: z.array(z.unknown()),
      bulk: z.boolean(),
      expand: ZExpand,
    })
    .meta({
      description:
        "One Payout (id?, exactly one of amount / invoiced_amount / cost, currency, description, employee, metadata?, start_at?, end_at?, payrun?) " +
        `or a JSON array of up to ${MAX_BULK} of them, created all or nothing`,
      examples: [{ employee: "e-1", amount: "1000.00", currency: "SEK", description: "Catering, 12 June" }],
    }),
);
export type TCreatePayoutsInput = z.infer<typeof ZCreatePayoutsInput>;

export const ZPayoutLookup = z.object({ payout_id: z.string() });
export const ZGetPayoutQuery = ZPayoutLookup.extend({ expand: ZExpand });

export const PAYOUT_TIMESTAMPS = ["created_at", "notified_at", "accepted_at", "canceled_at", "start_at", "end_at"] as const;

export const ZPayoutRelations = {
  employee: z.string().optional().meta({ description: "Only Payouts to this Employee (id)" }),
  payrun: z.string().optional().meta({ description: "Only Payouts in this Payrun (id)" }),
  invoice: z.string().optional().meta({ description: "Deprecated: the same as payrun", deprecated: true }),
};

export const ZListPayoutsQuery = ZPageQuery.extend({
  ...ZPayoutRelations,
  ...timestampFilterShape(PAYOUT_TIMESTAMPS),
  search: z.string().trim().max(255).optional().meta({ description: "Part of the description, or of the Employee's name, email or cellphone number" }),
  latest_status: z.enum(PAYOUT_STATUSES).optional().meta({ description: "Only the Payouts in this status (see latest_status)" }),
  expand: ZExpand,
});
export type TListPayoutsQuery = z.infer<typeof ZListPayoutsQuery>;

export const ZPayoutList = listEnvelope(ZPayout);

/** The body clients send to POST /payouts/ and /pricing/: one Payout, or a JSON array of them (for the OpenAPI document). */
export const ZCreatePayoutsBody = z.union([ZCreatePayoutRequest, z.array(ZCreatePayoutRequest)]);

/** A Payout as the employee app shows it to its Employee: the gross amount, the tax withheld, and who pays. */
export const ZEmployeePayout = ZPayout.pick({
  id: true,
  amount: true,
  currency: true,
  description: true,
  start_at: true,
  end_at: true,
  notified_at: true,
  accepted_at: true,
  latest_status: true,
}).extend({ tax: z.string(), integration: z.string().meta({ description: "name of the paying Integration" }) });
