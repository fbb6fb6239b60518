/**
 * The seller an Invoice names (SELLER_NAME, SELLER_ORG_NUMBER, SELLER_VAT_NUMBER, SELLER_ADDRESS): Swedish
 * bookkeeping (and the VAT act, mervärdesskattelagen) does not accept an invoice without the seller's name,
 * address, organisation number and VAT registration number. Here, beside the env schema, so that the outbox's
 * JobContext and the tRPC context can name the type without importing the invoices folder.
 *
 * Without the four, no Invoice PDF is made and no invoice email is sent (the PDF answers 503; the email job
 * fails and is retried, so the email goes out once they are set), and `npm start` and `npm run worker` log an
 * error at start. The Invoice itself is still issued when its Payrun closes (its number and OCR reference are
 * kept, so numbering has no gaps), because holding Payruns open would hold up the Employees' pay.
 */
import type { TEnv } from "./env";

export interface Seller {
  name: string;
  /** "556677-8899". */
  orgNumber: string;
  /** "SE556677889901". */
  vatNumber: string;
  /** The postal address, one line each. */
  address: string[];
  /** A development placeholder (SELLER_PLACEHOLDER on the embedded database): the PDF says it is not a valid invoice. */
  placeholder: boolean;
}

export const SELLER_SETTINGS = ["SELLER_NAME", "SELLER_ORG_NUMBER", "SELLER_VAT_NUMBER", "SELLER_ADDRESS"] as const;

type SellerEnv = Pick<TEnv, (typeof SELLER_SETTINGS)[number] | "SELLER_PLACEHOLDER" | "DATABASE_URL">;

/** What a development placeholder prints: nothing in it can be mistaken for a company. */
const PLACEHOLDER: Seller = {
  name: "DEVELOPMENT PLACEHOLDER SELLER (not a valid invoice)",
  orgNumber: "000000-0000",
  vatNumber: "SE000000000001",
  address: ["Set SELLER_NAME, SELLER_ORG_NUMBER,", "SELLER_VAT_NUMBER and SELLER_ADDRESS"],
  placeholder: true,
};

/** "Box 1, 111 22 Stockholm" (or one line a line) → ["Box 1", "111 22 Stockholm"]. */
export function addressLines(address: string): string[] {
  return address
    .split(/[,\n]/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * The seller of the configuration: null (Invoices refused) while a setting is missing, unless SELLER_PLACEHOLDER
 * asks for the placeholder on the embedded database. `missing` names the settings not set. Throws when
 * SELLER_PLACEHOLDER is set with DATABASE_URL: a placeholder never reaches a production database.
 */
export function sellerSettings(e: SellerEnv): { seller: Seller | null; missing: string[] } {
  if (e.SELLER_PLACEHOLDER && e.DATABASE_URL) {
    throw new Error("Invalid configuration:\n  SELLER_PLACEHOLDER: is for the embedded database only; set SELLER_* instead");
  }
  const missing = SELLER_SETTINGS.filter((name) => !e[name]);
  const { SELLER_NAME: name, SELLER_ORG_NUMBER: orgNumber, SELLER_VAT_NUMBER: vatNumber, SELLER_ADDRESS: address } = e;
  // A Swedish VAT number is the organisation number with SE before and 01 after: a mismatch is a typing mistake.
  if (orgNumber && vatNumber?.startsWith("SE") && vatNumber.slice(2, 12) !== orgNumber.replace("-", "")) {
    throw new Error("Invalid configuration:\n  SELLER_VAT_NUMBER: must be SE, SELLER_ORG_NUMBER's 10 digits and 01");
  }
  if (name && orgNumber && vatNumber && address) return { seller: { name, orgNumber, vatNumber, address: addressLines(address), placeholder: false }, missing };
  return { seller: e.SELLER_PLACEHOLDER ? PLACEHOLDER : null, missing };
}
