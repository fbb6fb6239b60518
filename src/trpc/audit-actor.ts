/** The audit log's actor of a request: its principal (person, operator or API key) and where it came from. */
import type { AuditActor } from "@/domain/audit/audit-record";
import type { Context } from "./context";

export function auditActorOf(ctx: Pick<Context, "principal" | "clientIp" | "userAgent">): AuditActor {
  const p = ctx.principal;
  const from = { ip: ctx.clientIp ?? null, userAgent: ctx.userAgent ?? null };
  if (p?.via === "api_key") return { kind: "api_key", id: p.apiKeyPk ?? null, ...from };
  return { kind: p?.role === "operator" ? "operator" : "user", id: p?.userId ?? null, ...from };
}
