import { z } from "zod";
import type { Meta } from "./init";

type OpenApi = NonNullable<Meta["openapi"]>;
/** What every endpoint of a resource shares (tags, auth, headers); each endpoint adds its method, path and summary. */
type Shared = Omit<OpenApi, "method" | "path" | "summary">;
/** What one endpoint may add to the shared part (a `description`, `contentTypes`, `deprecated`). */
type Extra = Partial<Shared>;

/** OpenAPI meta shared by the endpoints of Integration-scoped resources (Employees, Messages, Payouts…). */
export function integrationScoped(tag: string) {
  return {
    tags: [tag],
    protect: true,
    requestHeaders: z.object({ "Integration-ID": z.string().meta({ description: "The Integration acted as" }) }),
  };
}

/** OpenAPI meta shared by the endpoints of account-scoped resources (Integrations, Registrations). */
export function accountScoped(tag: string): Shared {
  return { tags: [tag], protect: true };
}

/** For writes whose body may carry a file (an Integration's logo): JSON or multipart. */
export const withFileUploads: Extra = { contentTypes: ["application/json", "multipart/form-data"] };

/**
 * The meta of a resource's REST endpoints, its conventions in one place: the collection `path` lists
 * (with the HTML view's `detailPath`, `/v2<path>{id}/`) and creates (201); the `item` path retrieves,
 * updates (PATCH), replaces (PUT) and deletes (204). `at` is any other endpoint of the resource.
 */
export function restMeta(shared: Shared, path: `/${string}/`, item: `/${string}/`) {
  const at = (method: OpenApi["method"], endpoint: OpenApi["path"], summary: string, extra?: Extra): { openapi: OpenApi } => ({
    openapi: { ...shared, method, path: endpoint, summary, ...extra },
  });
  return {
    at,
    list: (summary: string, extra?: Extra): Meta => ({ ...at("GET", path, summary, extra), detailPath: `/v2${path}{id}/` }),
    get: (summary: string, extra?: Extra): Meta => at("GET", item, summary, extra),
    create: (summary: string, extra?: Extra): Meta => ({ ...at("POST", path, summary, extra), status: 201 }),
    update: (summary: string, extra?: Extra): Meta => at("PATCH", item, summary, extra),
    replace: (summary: string, extra?: Extra): Meta => at("PUT", item, summary, extra),
    delete: (summary: string, extra?: Extra): Meta => ({ ...at("DELETE", item, summary, extra), status: 204 }),
  };
}
