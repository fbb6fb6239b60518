import { z } from "zod";

/** OpenAPI meta shared by the endpoints of Integration-scoped resources (Employees, Messages, Payouts…). */
export function integrationScoped(tag: string) {
  return {
    tags: [tag],
    protect: true,
    requestHeaders: z.object({ "Integration-ID": z.string().meta({ description: "The Integration acted as" }) }),
  };
}
