import { Prisma } from "@/generated/prisma/client";

/**
 * A write that found no row to change: Prisma's P2025 ("No record was found for an update/delete", and the
 * `…OrThrow` reads). Between a request's read and its write, a concurrent request removed the row (or, for a
 * conditional write, changed it); both drivers report it this way, since Prisma checks the affected count itself.
 */
export function isRecordGone(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2025";
}

const REFERENCING_WRITE = /^insert or update on table /;

/**
 * A write that referenced a row a concurrent request removed: PostgreSQL's foreign-key violation (SQLSTATE
 * 23503) on the referencing side, e.g. an Employee inserted under an Integration deleted a moment before.
 * The other side of the same SQLSTATE (deleting a row still referenced) is not this: it stays a conflict.
 */
export function isReferenceGone(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError) {
    return e.code === "P2010" && e.meta?.code === "23503" && typeof e.meta.message === "string" && REFERENCING_WRITE.test(e.meta.message);
  }
  return e instanceof Error && "code" in e && e.code === "23503" && REFERENCING_WRITE.test(e.message);
}
