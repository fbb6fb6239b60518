/** What `npm start` and `npm run worker` say at start about the seller Invoices name (SELLER_*, src/config/seller.ts). */
import type { Seller } from "@/config/seller";
import type { Logger } from "@/log";

export function warnOfSeller(log: Logger, seller: Seller | null, missing: readonly string[]): void {
  if (!seller) {
    log.error(
      { missing },
      `Invoices are refused until ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} set: no Invoice PDF is made and invoice emails are retried (README, Configuration)`,
    );
  } else if (seller.placeholder) {
    log.warn({ missing }, "SELLER_PLACEHOLDER: Invoices name a development placeholder seller and say they are not valid invoices");
  }
}
