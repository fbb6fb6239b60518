/**
 * The route a request went to, as a template for metric labels: "/v2/employees/{id}/", never the raw
 * path (ids would make a series per object, and any client could grow the set without bound).
 */
import type { AppRouter } from "@/trpc/app-router";
import type { RouteTable } from "@/http/v2/routes";

export function routeLabeller(routes: RouteTable, router: AppRouter): (path: string) => string {
  const procedures = new Set(Object.keys(router._def.procedures));
  return (path) => {
    if (path === "/v2" || path.startsWith("/v2/")) {
      if (path === "/v2/openapi.json") return path;
      // As the /v2/ edge matches: segments decoded, slashes normalised.
      try {
        const segments = path
          .slice(3)
          .split("/")
          .filter(Boolean)
          .map((s) => decodeURIComponent(s));
        const match = routes.match(`/${segments.join("/")}${segments.length ? "/" : ""}`);
        return match ? `/v2${match.routes[0].path}` : "/v2/{unknown}";
      } catch {
        return "/v2/{unknown}";
      }
    }
    if (path.startsWith("/api/trpc/")) {
      const name = path.slice("/api/trpc/".length);
      // A batch names several procedures: one label for all batches.
      return procedures.has(name) ? `/api/trpc/${name}` : name.includes(",") ? "/api/trpc/{batch}" : "/api/trpc/{unknown}";
    }
    if (path.startsWith("/api/auth/")) return "/api/auth/{action}";
    if (path.startsWith("/media/")) return "/media/{file}";
    if (path === "/docs" || path.startsWith("/docs/")) return "/docs";
    if (path === "/healthz" || path === "/readyz") return path;
    if (path.startsWith("/_next/")) return "/_next/{asset}";
    return "{dashboard}";
  };
}
