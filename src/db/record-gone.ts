import { Prisma } from "@/generated/prisma/client";

/**
 * A write that found no row to change: Prisma's P2025 ("No record was found for an update/delete", and the
 * `…OrThrow` reads). Between a request's read and its write, a concurrent request removed the row (or, for a
 * conditional write, changed it); both drivers report it this way, since Prisma checks the affected count itself.
 */
export function isRecordGone(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2025";
}
