import { describe, expect, it } from "vitest";
import { accountScoped, restMeta, withFileUploads } from "./openapi-meta";

describe("restMeta", () => {
  const meta = restMeta(accountScoped("Things"), "/things/", "/things/{thing_id}/");
  const shared = { tags: ["Things"], protect: true };

  it("lists and creates at the collection path: the list with its HTML view's detailPath, create with 201", () => {
    expect(meta.list("List Things")).toEqual({
      openapi: { ...shared, method: "GET", path: "/things/", summary: "List Things" },
      detailPath: "/v2/things/{id}/",
    });
    expect(meta.create("Create a Thing", withFileUploads)).toEqual({
      openapi: { ...shared, method: "POST", path: "/things/", summary: "Create a Thing", contentTypes: ["application/json", "multipart/form-data"] },
      status: 201,
    });
  });

  it("retrieves, updates, replaces and deletes (204) at the item path", () => {
    expect(meta.get("Get").openapi?.method).toBe("GET");
    expect(meta.update("Update").openapi?.method).toBe("PATCH");
    expect(meta.replace("Replace").openapi?.method).toBe("PUT");
    expect(meta.delete("Delete")).toEqual({ openapi: { ...shared, method: "DELETE", path: "/things/{thing_id}/", summary: "Delete" }, status: 204 });
    expect([meta.get("a"), meta.update("b"), meta.replace("c")].map((m) => m.openapi?.path)).toEqual(Array(3).fill("/things/{thing_id}/"));
  });

  it("places any other endpoint with `at`", () => {
    expect(meta.at("PUT", "/things/{thing_id}/resend/", "Resend", { deprecated: true })).toEqual({
      openapi: { ...shared, method: "PUT", path: "/things/{thing_id}/resend/", summary: "Resend", deprecated: true },
    });
  });
});
