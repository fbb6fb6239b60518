import { Prisma } from "@/generated/prisma/client";

/**
 * A unique-constraint violation, however it arrives: from Prisma (P2002, or P2010 around a raw statement's
 * SQLSTATE) or straight from a driver (pg and PGlite both carry SQLSTATE 23505 as `code`).
 */
export function isUniqueViolation(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError) return e.code === "P2002" || (e.code === "P2010" && e.meta?.code === "23505");
  return e instanceof Error && "code" in e && e.code === "23505";
}
