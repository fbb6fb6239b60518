/** Integrations: the client organisations that own Employees, Messages and Payouts. */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, orNotFound } from "@/domain/errors";
import { fileUrl, readImage, type ImageFile, type TImageInput } from "@/domain/files/image-upload";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { metadataOf } from "@/domain/shared/schemas";
import { lockFound } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { forgetNamedIntegrations } from "./integration-lookup";
import { t } from "@/i18n/locale";
import type { AccountScope } from "@/domain/scope";
import { DEFAULT_CURRENCY, DEFAULT_INVOICE_ENABLED, DEFAULT_PAYMENT_TERM_DAYS, DEFAULT_PAYRUN_MANAGEMENT } from "./integration-schemas";
import type { TCreateIntegrationRequest, TIntegration, TListIntegrationsQuery } from "./integration-schemas";

const integrationSelect = {
  pk: true,
  id: true,
  type: true,
  name: true,
  email: true,
  recipient: true,
  addressLine1: true,
  addressLine2: true,
  zipCode: true,
  city: true,
  paymentTermDays: true,
  invoiceEnabled: true,
  payrunManagement: true,
  currency: true,
  metadata: true,
  logo: { select: { pk: true, filename: true } },
} satisfies Prisma.IntegrationSelect;

type IntegrationRow = Prisma.IntegrationGetPayload<{ select: typeof integrationSelect }>;

export function toIntegrationApi(row: IntegrationRow, baseUrl: string): TIntegration {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    logo: fileUrl(baseUrl, row.logo),
    metadata: metadataOf(row.metadata),
    email: row.email,
    recipient: row.recipient,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    zip_code: row.zipCode,
    city: row.city,
    payment_term_days: row.paymentTermDays,
    invoice_enabled: row.invoiceEnabled,
    payrun_management: row.payrunManagement,
    currency: row.currency,
  };
}

const scoped = (scope: AccountScope, id: string): Prisma.IntegrationWhereInput => ({
  id,
  accountPk: scope.accountPk,
  environment: scope.environment,
});

export async function listIntegrations(db: Db, scope: AccountScope, q: TListIntegrationsQuery) {
  const where: Prisma.IntegrationWhereInput = { accountPk: scope.accountPk, environment: scope.environment, type: q.type };
  return countedPage(
    db.integration.count({ where }),
    db.integration.findMany({ where, select: integrationSelect, orderBy: [{ createdAt: "asc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getIntegration(db: Db, scope: AccountScope, id: string): Promise<IntegrationRow> {
  return orNotFound(db.integration.findFirst({ where: scoped(scope, id), select: integrationSelect }));
}

async function storeLogo(tx: Prisma.TransactionClient, logo: TImageInput): Promise<string | null | undefined> {
  if (logo === undefined) return undefined;
  if (logo === null || logo === "") return null;
  const image = await readImage(logo, "logo");
  const file = await tx.storedFile.create({ data: image, select: { pk: true } });
  return file.pk;
}

function columns(input: Partial<TCreateIntegrationRequest>) {
  return {
    name: input.name,
    email: input.email,
    recipient: input.recipient,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    zipCode: input.zip_code,
    city: input.city,
    paymentTermDays: input.payment_term_days,
    invoiceEnabled: input.invoice_enabled,
    payrunManagement: input.payrun_management,
    currency: input.currency,
    metadata: input.metadata,
  };
}

/** Creates an Integration; API-created ones are type 3. */
export async function createIntegration(db: Db, scope: AccountScope, input: TCreateIntegrationRequest, type: 1 | 2 | 3 = 3): Promise<IntegrationRow> {
  const image = input.logo ? await readImage(input.logo, "logo") : null;
  return withUniqueId(() => db.$transaction((tx) => insertIntegration(tx, scope, input, type, image)));
}

/**
 * The insert of `createIntegration`, inside the caller's transaction (approving a Registration creates its
 * Integration together with the approval). The logo, if any, is read by the caller beforehand.
 */
export async function insertIntegration(
  tx: Prisma.TransactionClient,
  scope: AccountScope,
  input: TCreateIntegrationRequest,
  type: 1 | 2 | 3 = 3,
  image: ImageFile | null = null,
): Promise<IntegrationRow> {
  const logo = image ? await tx.storedFile.create({ data: image, select: { pk: true } }) : null;
  return tx.integration.create({
    data: {
      id: input.id ?? crypto.randomUUID(),
      type,
      accountPk: scope.accountPk,
      environment: scope.environment,
      logoPk: logo?.pk ?? null,
      name: input.name,
      email: input.email,
      recipient: input.recipient,
      addressLine1: input.address_line_1,
      addressLine2: input.address_line_2 ?? null,
      zipCode: input.zip_code,
      city: input.city,
      paymentTermDays: input.payment_term_days,
      invoiceEnabled: input.invoice_enabled,
      payrunManagement: input.payrun_management,
      currency: input.currency,
      metadata: input.metadata ?? {},
    },
    select: integrationSelect,
  });
}

/**
 * PATCH (partial: omitted fields keep their value) and PUT (`replace`: omitted optional fields take their
 * defaults, including a new random id, as create would).
 */
export async function updateIntegration(
  db: Db,
  scope: AccountScope,
  id: string,
  input: Partial<TCreateIntegrationRequest>,
  mode: "partial" | "replace",
): Promise<IntegrationRow> {
  const updated = await withUniqueId(() =>
    db.$transaction(async (tx) => {
      // The type never changes, so it may be read before the lock.
      const current = await lockFound(tx, "integration", await tx.integration.findFirst({ where: scoped(scope, id), select: { pk: true, type: true } }), id);
      if (current.type === 2) throw new DomainError("forbidden", t("integration_type_readonly"));
      const logoPk = await storeLogo(tx, mode === "replace" ? (input.logo ?? null) : input.logo);
      const data: Prisma.IntegrationUncheckedUpdateInput = {
        ...columns(input),
        id: input.id ?? (mode === "replace" ? crypto.randomUUID() : undefined),
        logoPk,
      };
      if (mode === "replace") {
        data.addressLine2 = input.address_line_2 ?? null;
        data.metadata = input.metadata ?? {};
        data.paymentTermDays = input.payment_term_days ?? DEFAULT_PAYMENT_TERM_DAYS;
        data.invoiceEnabled = input.invoice_enabled ?? DEFAULT_INVOICE_ENABLED;
        data.payrunManagement = input.payrun_management ?? DEFAULT_PAYRUN_MANAGEMENT;
        data.currency = input.currency ?? DEFAULT_CURRENCY;
      }
      return tx.integration.update({ where: { pk: current.pk }, data, select: integrationSelect });
    }),
  );
  forgetNamedIntegrations();
  return updated;
}

/** Employees, Messages, Payouts, Payruns and Prepayments keep an Integration from being deleted. */
async function hasAssociatedObjects(tx: Prisma.TransactionClient, integrationPk: string): Promise<boolean> {
  // One after the other: a transaction's statements share one connection (and the first found answers).
  const where = { integrationPk };
  return Boolean(
    (await tx.employee.findFirst({ where, select: { pk: true } })) ??
    (await tx.message.findFirst({ where, select: { pk: true } })) ??
    (await tx.payout.findFirst({ where, select: { pk: true } })) ??
    (await tx.payrun.findFirst({ where, select: { pk: true } })) ??
    (await tx.prepayment.findFirst({ where, select: { pk: true } })),
  );
}

export async function deleteIntegration(db: Db, scope: AccountScope, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockFound(tx, "integration", await tx.integration.findFirst({ where: scoped(scope, id), select: { pk: true, type: true } }), id);
    if (current.type === 1 || current.type === 2) {
      throw new DomainError("forbidden", t("integration_type_undeletable", { type: current.type }));
    }
    if (await hasAssociatedObjects(tx, current.pk)) throw new DomainError("conflict", t("integration_has_objects"));
    await tx.integration.delete({ where: { pk: current.pk } });
  });
  forgetNamedIntegrations();
}
