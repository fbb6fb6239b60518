import { isUniqueViolation } from "@/db/unique-violation";
import { fieldError } from "@/domain/errors";
import { t } from "@/i18n/locale";

/**
 * Runs a write that sets a caller-chosen `id`. A unique-constraint violation (also from a concurrent
 * writer that won the race) becomes the field error clients expect.
 */
export async function withUniqueId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError("id", t("id_taken"));
    throw e;
  }
}
