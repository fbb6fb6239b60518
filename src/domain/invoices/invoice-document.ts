/**
 * What an issued Invoice's PDF and email show, read in one place: the seller (SELLER_*), the buyer (the Invoice's
 * recipient as issued, with the organisation and VAT numbers of the Integration's Registration), the Invoice as
 * issued and its Payout lines, in the account's language.
 */
import type { Seller } from "@/config/seller";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { alpha2 } from "@/domain/shared/contact-fields";
import { payoutSelect, toPayoutPricingApi } from "@/domain/payouts/payout-representation";
import { formatMoney } from "@/domain/pricing/pricing";
import { pricingTableFor } from "@/domain/pricing/pricing-tables";
import { invoiceAppUrl, invoiceApi } from "@/domain/billing/invoice-representation";
import { INTL_LOCALES, isLocale, type Locale } from "@/i18n/catalogue/locales";
import { t } from "@/i18n/locale";

export interface InvoiceLine {
  payout: string;
  employee: string;
  description: string;
  cost: string;
  vat: string;
}

/** Who is billed: the name and address as issued; the numbers from the Registration (null without one). */
export interface InvoiceBuyer {
  name: string;
  address: string[];
  orgNumber: string | null;
  vatNumber: string | null;
  email: string;
}

export interface InvoiceDocument {
  /** The account's language: the PDF and the email are written in it. */
  locale: Locale;
  seller: Seller;
  buyer: InvoiceBuyer;
  invoiceNumber: string;
  ocr: string;
  issuedDate: string;
  dueDate: string;
  currency: string;
  integrationName: string;
  payrun: string | null;
  prepayment: string | null;
  /** The client's reference (the Payrun's or Prepayment's invoice_marking). */
  customerReference: string | null;
  lines: InvoiceLine[];
  subtotal: string;
  /** The VAT rate of the lines ("0.25"); "0" for a Prepayment's (money on account carries no VAT). */
  vatRate: string;
  vat: string;
  total: string;
  amountPaid: string;
  prepaid: string;
  amountDue: string;
  paid: boolean;
  payUrl: string;
  /** The service's Bankgiro account (BANKGIRO), or null when none is configured. */
  bankgiro: string | null;
}

/** What the document is made with besides the Invoice: the public origin, the account to pay into, the seller. */
export interface InvoiceDocumentSettings {
  baseUrl: string;
  /** BANKGIRO, or null when none is configured. */
  bankgiro: string | null;
  /** SELLER_*, or null when not configured: then no document is made (503). */
  seller: Seller | null;
}

/** The service is Swedish: its Payruns' Invoices carry Swedish VAT (moms), the rate the Payouts were priced with. */
const SWEDISH_VAT = pricingTableFor("SWE")?.vat ?? "0.25";

/** The country's name in `locale`, for a buyer outside Sweden (an address abroad names its country). */
function countryLine(alpha3: string, locale: Locale): string | null {
  if (alpha3 === "SWE") return null;
  const code = alpha2(alpha3);
  return code ? (new Intl.DisplayNames([INTL_LOCALES[locale]], { type: "region" }).of(code) ?? alpha3) : alpha3;
}

export async function invoiceDocument(
  tx: Prisma.TransactionClient,
  pk: string,
  { baseUrl, bankgiro, seller }: InvoiceDocumentSettings,
): Promise<InvoiceDocument> {
  if (!seller) throw new DomainError("unavailable", t("invoice_seller_missing"));
  const api = await invoiceApi(tx, pk, baseUrl);
  const row = await tx.invoice.findUniqueOrThrow({
    where: { pk },
    select: {
      payrunPk: true,
      prepayment: { select: { id: true, description: true } },
      integration: { select: { id: true, name: true, accountPk: true, environment: true, account: { select: { language: true } } } },
    },
  });
  if (!api.invoice_number || !api.due_date || !api.issued_at) throw new Error(`invoice ${pk} is not issued`);
  const { integration } = row;
  const locale = isLocale(integration.account.language) ? integration.account.language : "en";
  // The Integration's Registration (an approved one made the Integration, with its id): the buyer's numbers.
  const registration = await tx.registration.findFirst({
    where: { accountPk: integration.accountPk, environment: integration.environment, integrationId: integration.id },
    select: { tinNumber: true, vatNumber: true, country: true },
  });
  const payouts = row.payrunPk
    ? await tx.payout.findMany({ where: { payrunPk: row.payrunPk }, select: payoutSelect, orderBy: [{ createdAt: "asc" }, { pk: "asc" }] })
    : [];
  const address = [
    api.address_line_1,
    api.address_line_2,
    [api.zip_code, api.city].filter(Boolean).join(" "),
    registration && countryLine(registration.country, locale),
  ];
  return {
    locale,
    seller,
    buyer: {
      name: api.recipient ?? integration.name,
      address: address.filter((l): l is string => Boolean(l)),
      orgNumber: registration?.tinNumber || null,
      vatNumber: registration?.vatNumber || null,
      email: api.email ?? "",
    },
    invoiceNumber: api.invoice_number,
    ocr: api.invoice_number,
    issuedDate: api.issued_at.slice(0, 10),
    dueDate: api.due_date,
    currency: api.currency,
    integrationName: integration.name,
    payrun: api.payrun,
    prepayment: api.prepayment,
    customerReference: api.customer_reference,
    // A Prepayment's Invoice has one line: the prepayment itself (money on account, no VAT).
    lines: row.prepayment
      ? [{ payout: row.prepayment.id, employee: "", description: row.prepayment.description, cost: api.subtotal, vat: api.vat }]
      : payouts.map((p) => {
          const pricing = toPayoutPricingApi(p);
          return { payout: p.id, employee: p.employee.name, description: p.description, cost: formatMoney(p.cost), vat: pricing.vat };
        }),
    subtotal: api.subtotal,
    vatRate: row.prepayment ? "0" : SWEDISH_VAT,
    vat: api.vat,
    total: api.total,
    amountPaid: api.amount_paid,
    prepaid: api.prepaid,
    amountDue: api.amount_due,
    paid: api.status === "paid",
    payUrl: invoiceAppUrl(baseUrl, api.id),
    bankgiro,
  };
}
