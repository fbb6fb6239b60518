/**
 * tRPC, built once: the meta type (OpenAPI path and method, success status, HTML view hints) and the
 * base procedures. Every procedure is reachable from the dashboard (/api/trpc) and, when it has
 * `openapi` meta, from the public REST API (/v2/).
 */
import { findNamedIntegration } from "@/domain/integrations/integration-lookup";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { isRecordGone, isReferenceGone } from "@/db/record-gone";
import { DomainError, ERROR_TABLE, fieldErrorsFromZod, notFound, type FieldErrors } from "@/domain/errors";
import { screenInput } from "@/domain/shared/json-limits";
import { t } from "@/i18n/locale";
import type { AccountScope, IntegrationScope } from "@/domain/scope";
import type { Context } from "./context";
import { assertPermitted } from "./permissions";

export type Meta = OpenApiMeta<{
  /** Success status of the REST call (default 200). */
  status?: 201 | 204;
  /** For the HTML view: where each object of a result lives, e.g. "/v2/integrations/{id}/". */
  detailPath?: string;
  /** The request body as clients send it, for the OpenAPI document, where the input is a wrapper (bulk creates). */
  requestSchema?: z.ZodType;
  /** The procedure returns a file of this media type ({filename, content_type, base64}); the edge sends its bytes, never JSON or HTML. */
  file?: string;
}>;

const tRPC = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      let fieldErrors: FieldErrors | undefined;
      if (cause instanceof DomainError && typeof cause.body !== "string") fieldErrors = cause.body;
      else if (cause instanceof z.ZodError) fieldErrors = fieldErrorsFromZod(cause);
      // A 429's wait in seconds, so that the dashboard can say when in the reader's language and time zone.
      const retryAfter = cause instanceof DomainError && cause.headers["Retry-After"] ? Number(cause.headers["Retry-After"]) : undefined;
      return { ...shape, data: { ...shape.data, stack: undefined, fieldErrors, retryAfter } };
    },
  });

export const router = tRPC.router;
export const createCallerFactory = tRPC.createCallerFactory;

/**
 * Domain errors travel inside TRPCError so that the tRPC client gets the right code, the edge the original.
 * A write whose row, or a row it refers to, a concurrent request removed (the database's "record not found",
 * a foreign-key violation on insert) is the 404 the request would have got a moment later: decided here once, for every procedure, rather than in each service.
 */
const domainErrors = tRPC.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = isRecordGone(result.error.cause) || isReferenceGone(result.error.cause) ? notFound() : result.error.cause;
  if (cause instanceof DomainError) {
    result.error = new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

/** Credentials that were sent and refused answer 401/403 on every procedure, public ones included. */
const refusedCredentials = tRPC.middleware(({ ctx, next }) => {
  if (ctx.authFailure) throw ctx.authFailure;
  return next();
});

/** Who may call the procedure at all: the access table (permissions.ts), before its input is read. */
const permitted = tRPC.middleware(({ ctx, path, next }) => {
  assertPermitted(path, ctx);
  return next();
});

/** Input PostgreSQL cannot hold (NUL, lone surrogates) or nested too deeply is a 400 on every face, never a 5xx. */
const storableInput = tRPC.middleware(async ({ ctx, getRawInput, next }) => {
  if (ctx.inputScreened) return next();
  // Input that does not even parse is the procedure's to refuse (or ignore, when it takes none), as before.
  const raw = await getRawInput().then((input) => ({ input }), () => null);
  if (raw) screenInput(raw.input);
  return next();
});

export const publicProcedure = tRPC.procedure.use(domainErrors).use(refusedCredentials).use(permitted).use(storableInput);

/** A client account acting in one environment: an API key, or a person of the account in the dashboard. */
export const accountProcedure = publicProcedure.use(({ ctx, next }) => {
  const p = ctx.principal;
  if (!p) throw new DomainError("unauthenticated", t("not_authenticated"));
  if (!p.accountPk) throw new DomainError("forbidden", t("not_found"));
  const scope: AccountScope = { accountPk: p.accountPk, environment: p.environment };
  return next({ ctx: { ...ctx, principal: p, scope } });
});

/**
 * The Integration a request names with the `Integration-ID` header (a dashboard session may instead choose one
 * with the `payroute_integration` cookie, since a browser cannot send the header): null when none is named,
 * 404 when it is not one of the account's in this environment.
 */
async function namedIntegration(ctx: Context, scope: AccountScope): Promise<{ pk: string; id: string } | null> {
  const id = ctx.integrationId ?? (ctx.principal?.via === "session" ? ctx.cookies.get("payroute_integration") : undefined);
  if (!id) return null;
  const integration = await findNamedIntegration(ctx.db, scope.accountPk, scope.environment, id);
  if (!integration) throw new DomainError("not_found", t("integration_header_unknown", { id }));
  return integration;
}

/** Acting as one of the account's Integrations, which the request must name. */
export const integrationProcedure = accountProcedure.use(async ({ ctx, next }) => {
  const integration = await namedIntegration(ctx, ctx.scope);
  if (!integration) throw new DomainError("validation", t("integration_header_missing"));
  const scope: IntegrationScope = { ...ctx.scope, integrationPk: integration.pk, integrationId: integration.id };
  return next({ ctx: { ...ctx, scope } });
});

/** Acting as the account, or as one of its Integrations when the request names one (webhooks). */
export const optionalIntegrationProcedure = accountProcedure.use(async ({ ctx, next }) => {
  const integration = await namedIntegration(ctx, ctx.scope);
  return next({ ctx: { ...ctx, integrationPk: integration?.pk ?? null } });
});

/** The service's own review team (dashboard only). */
export const operatorProcedure = publicProcedure.use(({ ctx, next }) => {
  const p = ctx.principal;
  if (!p) throw new DomainError("unauthenticated", t("not_authenticated"));
  if (p.role !== "operator") throw new DomainError("forbidden", t("not_found"));
  return next({ ctx: { ...ctx, principal: p } });
});
