/**
 * Registrations as their account sees them: a company's legal and contact details, editable (PATCH, PUT)
 * and deletable only while `needs_review` is true. Approval lives in registration-approval.ts and the
 * review team's queue in review-service.ts.
 */
import { isUniqueViolation } from "@/db/unique-violation";
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import { type Prisma } from "@/generated/prisma/client";
import { DomainError, fieldError, orNotFound } from "@/domain/errors";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { lockFound } from "@/domain/shared/row-lock";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { reviewerOf, type Actor } from "@/domain/audit/reviewer";
import type { AccountScope } from "@/domain/scope";
import type { TCreateRegistrationRequest, TListRegistrationsQuery, TRegistration } from "./registration-schemas";
import { validateRegistration } from "./registration-validation";

export const registrationSelect = {
  pk: true,
  id: true,
  accountPk: true,
  environment: true,
  integrationId: true,
  needsReview: true,
  email: true,
  phoneNumber: true,
  friendlyName: true,
  registeredName: true,
  tinNumber: true,
  vatNumber: true,
  country: true,
  state: true,
  addressLine1: true,
  addressLine2: true,
  zipCode: true,
  city: true,
  metadata: true,
  rejectionReason: true,
  createdAt: true,
} satisfies Prisma.RegistrationSelect;

export type RegistrationRow = Prisma.RegistrationGetPayload<{ select: typeof registrationSelect }>;

export function toRegistrationApi(row: RegistrationRow): TRegistration {
  return {
    id: row.id,
    integration_id: row.integrationId,
    needs_review: row.needsReview,
    email: row.email,
    phone_number: row.phoneNumber,
    friendly_name: row.friendlyName,
    registered_name: row.registeredName,
    tin_number: row.tinNumber,
    vat_number: row.vatNumber,
    country: row.country,
    state: row.state,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    zip_code: row.zipCode,
    city: row.city,
    metadata: metadataOf(row.metadata),
    rejection_reason: row.rejectionReason,
    created_at: timestamp(row.createdAt),
  };
}

export const scopedRegistration = (scope: AccountScope, id: string): Prisma.RegistrationWhereInput => ({
  id,
  accountPk: scope.accountPk,
  environment: scope.environment,
});

export async function listRegistrations(db: Db, scope: AccountScope, q: TListRegistrationsQuery) {
  const where: Prisma.RegistrationWhereInput = { accountPk: scope.accountPk, environment: scope.environment };
  return countedPage(
    db.registration.count({ where }),
    db.registration.findMany({ where, select: registrationSelect, orderBy: [{ createdAt: "desc" }, { pk: "desc" }], ...pageWindow(q) }),
  );
}

export async function getRegistration(db: Db, scope: AccountScope, id: string): Promise<RegistrationRow> {
  return orNotFound(db.registration.findFirst({ where: scopedRegistration(scope, id), select: registrationSelect }));
}

/**
 * An `integration_id` names the Integration that approval creates: it may not be an existing Integration's
 * id (those are global) nor another Registration's of the same account and environment.
 */
async function assertIntegrationIdFree(tx: Prisma.TransactionClient, scope: AccountScope, integrationId: string) {
  const integration = await tx.integration.findUnique({ where: { id: integrationId }, select: { pk: true } });
  if (integration) throw fieldError("integration_id", t("registration_integration_exists"));
  const registration = await tx.registration.findFirst({
    where: { accountPk: scope.accountPk, environment: scope.environment, integrationId },
    select: { pk: true },
  });
  if (registration) throw fieldError("integration_id", t("registration_integration_id_taken"));
}

/**
 * A unique violation (a concurrent writer won the race past the checks above) as the field error of the
 * column it hit: `integration_id` when the wanted one is now taken, `id` otherwise.
 */
async function withUniqueIds<T>(db: Db, scope: AccountScope, wantedIntegrationId: () => string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const wanted = wantedIntegrationId();
    const clash = wanted ? await db.registration.count({ where: { accountPk: scope.accountPk, environment: scope.environment, integrationId: wanted } }) : 0;
    throw clash ? fieldError("integration_id", t("registration_integration_id_taken")) : fieldError("id", t("id_taken"));
  }
}

type Fields = Omit<TCreateRegistrationRequest, "id" | "integration_id">;

/** The columns to store: country-dependent fields checked and normalised (a 400 lists every refused field). */
function validatedColumns(v: Required<Fields>) {
  const checked = validateRegistration({
    country: v.country,
    state: v.state,
    tin_number: v.tin_number,
    vat_number: v.vat_number,
    email: v.email,
    phone_number: v.phone_number,
  });
  return {
    email: checked.email,
    phoneNumber: checked.phone_number,
    friendlyName: v.friendly_name,
    registeredName: v.registered_name,
    tinNumber: checked.tin_number,
    vatNumber: checked.vat_number,
    country: checked.country,
    state: checked.state,
    addressLine1: v.address_line_1,
    addressLine2: v.address_line_2 ?? "",
    zipCode: v.zip_code,
    city: v.city,
    metadata: v.metadata,
  };
}

/** Optional fields as create and PUT default them. */
function withDefaults(input: TCreateRegistrationRequest): Required<Fields> {
  return {
    ...input,
    vat_number: input.vat_number ?? null,
    state: input.state ?? null,
    address_line_2: input.address_line_2 ?? "",
    metadata: input.metadata ?? {},
  };
}

async function assertIdFree(tx: Prisma.TransactionClient, scope: AccountScope, id: string) {
  const taken = await tx.registration.findFirst({ where: scopedRegistration(scope, id), select: { pk: true } });
  if (taken) throw fieldError("id", t("id_taken"));
}

/** Creates a Registration awaiting review. `integration_id` defaults to a random UUID and `id` to `integration_id`. */
export async function createRegistration(db: Db, scope: AccountScope, input: TCreateRegistrationRequest): Promise<RegistrationRow> {
  const integrationId = input.integration_id ?? crypto.randomUUID();
  const id = input.id ?? integrationId;
  const data = validatedColumns(withDefaults(input));
  return withUniqueIds(
    db,
    scope,
    () => integrationId,
    () =>
      db.$transaction(async (tx) => {
        await assertIntegrationIdFree(tx, scope, integrationId);
        await assertIdFree(tx, scope, id);
        return tx.registration.create({
          data: { ...data, id, integrationId, accountPk: scope.accountPk, environment: scope.environment },
          select: registrationSelect,
        });
      }),
  );
}

/** The current row, locked, if it may still change: 404 when absent, 409 once approved. */
async function findPending(tx: Prisma.TransactionClient, scope: AccountScope, id: string): Promise<RegistrationRow> {
  const { pk } = await lockFound(tx, "registration", await tx.registration.findFirst({ where: scopedRegistration(scope, id), select: { pk: true } }), id);
  const row = await tx.registration.findUniqueOrThrow({ where: { pk }, select: registrationSelect });
  if (!row.needsReview) throw new DomainError("conflict", t("registration_approved_locked"));
  return row;
}

type Next = (current: RegistrationRow) => { id: string; integrationId: string; fields: Required<Fields> };

/** The fields an edit changed, by their API names (for the audit trail). */
function changedFields(before: RegistrationRow, after: RegistrationRow): string[] {
  const a = toRegistrationApi(before);
  const b = toRegistrationApi(after);
  return (Object.keys(b) as (keyof typeof b)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * Writes a PATCH or PUT result; the whole Registration is validated again, and an edit puts a rejected one back
 * in the queue. An edit that changes anything joins the review's audit trail ("edited", naming the fields).
 */
async function saveEdit(db: Db, scope: AccountScope, id: string, next: Next, actor: Actor): Promise<RegistrationRow> {
  let changedIntegrationId: string | null = null;
  return withUniqueIds(
    db,
    scope,
    () => changedIntegrationId,
    () =>
      db.$transaction(async (tx) => {
        const current = await findPending(tx, scope, id);
        const target = next(current);
        const data = validatedColumns(target.fields);
        if (target.integrationId !== current.integrationId) {
          changedIntegrationId = target.integrationId;
          await assertIntegrationIdFree(tx, scope, target.integrationId);
        }
        if (target.id !== current.id) await assertIdFree(tx, scope, target.id);
        const saved = await tx.registration.update({
          where: { pk: current.pk },
          data: { ...data, id: target.id, integrationId: target.integrationId, rejectedAt: null, rejectionReason: null },
          select: registrationSelect,
        });
        const changed = changedFields(current, saved).filter((f) => f !== "rejection_reason");
        if (changed.length > 0) {
          await tx.registrationDecision.create({
            data: { registrationPk: current.pk, decision: "edited", reason: changed.join(", "), ...(await reviewerOf(tx, actor)) },
          });
        }
        return saved;
      }),
  );
}

/** PATCH: omitted fields keep their values (`null` clears vat_number, state and address_line_2). */
export function patchRegistration(db: Db, scope: AccountScope, id: string, patch: Partial<TCreateRegistrationRequest>, actor: Actor) {
  return saveEdit(
    db,
    scope,
    id,
    (current) => {
      const merged: TCreateRegistrationRequest = { ...currentFields(current), ...patch };
      return { id: merged.id ?? current.id, integrationId: merged.integration_id ?? current.integrationId, fields: withDefaults(merged) };
    },
    actor,
  );
}

/** PUT: replaces completely; omitted optional fields take create's defaults (a new integration_id, id = integration_id). */
export function replaceRegistration(db: Db, scope: AccountScope, id: string, body: TCreateRegistrationRequest, actor: Actor) {
  return saveEdit(
    db,
    scope,
    id,
    () => {
      const integrationId = body.integration_id ?? crypto.randomUUID();
      return { id: body.id ?? integrationId, integrationId, fields: withDefaults(body) };
    },
    actor,
  );
}

/** The Registration's writable fields, as a create request would carry them (for re-validating a PATCH). */
function currentFields(row: RegistrationRow): TCreateRegistrationRequest {
  const { needs_review: _needsReview, rejection_reason: _rejection, created_at: _created, ...fields } = toRegistrationApi(row);
  return fields;
}

export async function deleteRegistration(db: Db, scope: AccountScope, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await findPending(tx, scope, id);
    await tx.registration.delete({ where: { pk: current.pk } });
  });
}
