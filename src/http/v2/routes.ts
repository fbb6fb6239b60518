/**
 * The /v2/ route table, read from the procedures' OpenAPI meta (methods and paths are declared once, there).
 * Paths are canonical with a trailing slash; `{name}` segments are path parameters.
 */
import { forEachOpenApiProcedure, getInputOutputParsers } from "trpc-to-openapi";
import type { AppRouter } from "@/trpc/app-router";
import type { z } from "zod";
import type { Meta } from "@/trpc/init";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route {
  method: HttpMethod;
  /** Canonical path below /v2, e.g. "/integrations/{integration_id}/". */
  path: string;
  segments: string[];
  procedurePath: string;
  type: "query" | "mutation";
  meta: Meta;
  input: z.ZodType;
}

export interface RouteMatch {
  routes: Route[];
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

export class RouteTable {
  readonly routes: Route[] = [];

  constructor(router: AppRouter) {
    forEachOpenApiProcedure<Meta>(router._def.procedures, ({ path: procedurePath, type, procedure, meta }) => {
      const path = meta.openapi.path.endsWith("/") ? meta.openapi.path : `${meta.openapi.path}/`;
      const method = meta.openapi.method;
      if (method === "GET" || method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE") {
        if (type === "subscription") return;
        this.routes.push({
          method,
          path,
          segments: segmentsOf(path),
          procedurePath,
          type,
          meta,
          input: getInputOutputParsers(procedure).inputParser,
        });
      }
    });
    // Literal segments win over parameters ("/payruns/open/" before "/payruns/{id}/").
    this.routes.sort((a, b) => paramCount(a) - paramCount(b));
  }

  /** Every route whose path matches (one per method), with the path parameters of the best match. */
  match(pathBelowV2: string): RouteMatch | null {
    const segs = segmentsOf(pathBelowV2);
    let best: RouteMatch | null = null;
    for (const route of this.routes) {
      if (route.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      const ok = route.segments.every((s, i) => {
        if (s.startsWith("{") && s.endsWith("}")) {
          params[s.slice(1, -1)] = segs[i];
          return true;
        }
        return s === segs[i];
      });
      if (!ok) continue;
      if (!best) best = { routes: [route], params };
      else if (best.routes[0].path === route.path) best.routes.push(route);
    }
    return best;
  }

  /** Collection endpoints ("/integrations/") for the API root. */
  collections(): string[] {
    return this.routes.filter((r) => r.method === "GET" && r.segments.length === 1).map((r) => r.segments[0]);
  }
}

function paramCount(r: Route): number {
  return r.segments.filter((s) => s.startsWith("{")).length;
}

/** Whether field `key` of an object input schema is a list (so that one query/form value becomes a list). */
export function isListField(schema: z.ZodType, key: string): boolean {
  const shape = objectShape(schema);
  // Own keys only: a client's "constructor" is not a field of the schema.
  let field: z.core.$ZodType | undefined = shape && Object.hasOwn(shape, key) ? shape[key] : undefined;
  for (let i = 0; field && i < 10; i++) {
    const def = field._zod.def;
    if (def.type === "array") return true;
    if (def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "prefault") {
      field = (def as z.core.$ZodOptionalDef).innerType;
    } else if (def.type === "pipe") {
      field = (def as z.core.$ZodPipeDef).in;
    } else return false;
  }
  return false;
}

function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = schema._zod.def;
  if (def.type === "object") return (def as z.core.$ZodObjectDef).shape;
  if (def.type === "pipe") return objectShape((def as z.core.$ZodPipeDef).in);
  return undefined;
}
