/**
 * tRPC, built once: the meta type (OpenAPI path and method, success status, HTML view hints) and the
 * base procedures. Every procedure is reachable from the dashboard (/api/trpc) and, when it has
 * `openapi` meta, from the public REST API (/v2/).
 */
import { findNamedIntegration } from "@/domain/integrations/integration-lookup";
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { isRecordGone, isReferenceGone } from "@/db/record-gone";
import { DomainError, ERROR_TABLE, fieldErrorsFromZod, notFound, type FieldErrors } from "@/domain/errors";
import { screenInput } from "@/domain/shared/json-limits";
import { realTimeOf } from "@/domain/shared/demo-clock";
import { t } from "@/i18n/locale";
import type { AccountScope, IntegrationScope } from "@/domain/scope";
import type { Context, Principal } from "./context";
import { assertPermitted } from "./permissions";

export type Meta = OpenApiMeta<{
  /** Success status of the REST call (default 200; 202: accepted, work queued). */
  status?: 201 | 202 | 204;
  /** For the HTML view: where each object of a result lives, e.g. "/v2/integrations/{id}/". */
  detailPath?: string;
  /** The request body as clients send it, for the OpenAPI document, where the input is a wrapper (bulk creates). */
  requestSchema?: z.ZodType;
  /** The procedure returns a file of this media type ({filename, content_type, base64}); the edge sends its bytes, never JSON or HTML. */
  file?: string;
  /** Error statuses the operation answers beyond those every operation may (400, 401, 403, 404, 405): for the OpenAPI document. */
  errors?: readonly (409 | 503)[];
  /** Demo keys only (test helpers, demo payments): the OpenAPI document says so and marks it `x-demo-only`. */
  demoOnly?: true;
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
export const mergeRouters = tRPC.mergeRouters;
export const createCallerFactory = tRPC.createCallerFactory;

/**
 * What every procedure does first, in one middleware (tRPC copies its options and context at every level, so
 * one level costs a request less than four):
 * - credentials that were sent and refused answer 401/403 on every procedure, public ones included;
 * - who may call the procedure at all: the access table (permissions.ts), before its input is read;
 * - input PostgreSQL cannot hold (NUL, lone surrogates) or nested too deeply is a 400 on every face, never a 5xx;
 * - domain errors travel inside TRPCError so that the tRPC client gets the right code, the edge the original.
 *   A write whose row, or a row it refers to, a concurrent request removed (the database's "record not
 *   found", a foreign-key violation on insert) is the 404 the request would have got a moment later: decided
 *   here once, for every procedure, rather than in each service.
 */
const base = tRPC.middleware(async ({ ctx, path, getRawInput, next }) => {
  try {
    if (ctx.authFailure) throw ctx.authFailure;
    assertPermitted(path, ctx);
    if (!ctx.inputScreened) {
      // Input that does not even parse is the procedure's to refuse (or ignore, when it takes none), as before.
      const raw = await getRawInput().then(
        (input) => ({ input }),
        () => null,
      );
      if (raw) screenInput(raw.input);
    }
  } catch (e) {
    throw asTrpcError(e);
  }
  const result = await next();
  if (!result.ok) {
    const domain = domainError(result.error.cause);
    if (domain) result.error = domain;
  }
  return result;
});

/** A domain error (or a row gone, as a 404) as the TRPCError of its code; null for anything else. */
function domainError(e: unknown): TRPCError | null {
  const cause = isRecordGone(e) || isReferenceGone(e) ? notFound() : e;
  return cause instanceof DomainError ? new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause }) : null;
}

/** What the checks before the procedure throw, as tRPC would pass it on from a later middleware. */
function asTrpcError(e: unknown): TRPCError {
  return domainError(e) ?? getTRPCErrorFromUnknown(e);
}

export const publicProcedure = tRPC.procedure.use(base);

/**
 * The account's own things (team, API keys, settings, a person's sessions) on the real time: they belong to no
 * environment, so the demo view's clock (`clockFor`) is not theirs (demo-clock.ts `realTimeOf`).
 */
const realTime = tRPC.middleware(({ ctx, next }) => next({ ctx: realTimeOf(ctx) }));

/** A caller's own session and person (the security page, the language), on the real time. */
export const personProcedure = publicProcedure.use(realTime);

/** The client account a caller acts for, in one environment: 401 without a principal, 404 for an operator. */
function accountOf(ctx: Context): { principal: Principal; scope: AccountScope } {
  const p = ctx.principal;
  if (!p) throw new DomainError("unauthenticated", t("not_authenticated"));
  if (!p.accountPk) throw new DomainError("forbidden", t("not_found"));
  return { principal: p, scope: { accountPk: p.accountPk, environment: p.environment } };
}

/** A client account acting in one environment: an API key, or a person of the account in the dashboard. */
export const accountProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: accountOf(ctx) }));

/** The account itself, whichever environment the caller is in (its team, keys and settings), on the real time. */
export const accountWideProcedure = accountProcedure.use(realTime);

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

/** The Integration the request names, in the caller's account and environment: 400 when none is named. */
async function integrationOf(ctx: Context): Promise<{ principal: Principal; scope: IntegrationScope }> {
  const { principal, scope: account } = accountOf(ctx);
  const integration = await namedIntegration(ctx, account);
  if (!integration) throw new DomainError("validation", t("integration_header_missing"));
  return { principal, scope: { ...account, integrationPk: integration.pk, integrationId: integration.id } };
}

/** Acting as one of the account's Integrations, which the request must name (one middleware with the account's: see `base`). */
export const integrationProcedure = publicProcedure.use(async ({ ctx, next }) => next({ ctx: await integrationOf(ctx) }));

/**
 * The demo environment's test helpers (/v2/test_helpers/): acting as an Integration, as `integrationProcedure`, but
 * a live caller gets 403 first, before its Integration-ID is even looked up.
 */
export const demoIntegrationProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.principal?.environment === "live") throw new DomainError("forbidden", t("test_helpers_demo_only"));
  return next({ ctx: await integrationOf(ctx) });
});

/** The account's demo test helpers that name no Integration (the demo clock): a live caller gets 403. */
export const demoAccountProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.principal?.environment === "live") throw new DomainError("forbidden", t("test_helpers_demo_only"));
  return next({ ctx: accountOf(ctx) });
});

/** Acting as the account, or as one of its Integrations when the request names one (webhooks). */
export const optionalIntegrationProcedure = accountProcedure.use(async ({ ctx, next }) => {
  const integration = await namedIntegration(ctx, ctx.scope);
  return next({ ctx: { integrationPk: integration?.pk ?? null } });
});

/** The service's own review team (dashboard only). */
export const operatorProcedure = publicProcedure.use(({ ctx, next }) => {
  const p = ctx.principal;
  if (!p) throw new DomainError("unauthenticated", t("not_authenticated"));
  if (p.role !== "operator") throw new DomainError("forbidden", t("not_found"));
  return next({ ctx: { principal: p } });
});
