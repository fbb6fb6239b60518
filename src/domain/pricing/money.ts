/** Money and currency input fields. Money is never a JS number inside the service: only decimal.js values. */
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { t } from "@/i18n/locale";

/** The largest figure a client may give (the columns hold 12 integer digits; derived figures stay below). */
export const MAX_MONEY = new Prisma.Decimal("100000000000");

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A positive amount with at most two decimals, given as a string ("1234.5") or a JSON number. A number is
 * read through its decimal text (what JSON.parse gave), so 0.1 + 0.2-style binary noise is refused as
 * "more than 2 decimal places", never silently rounded.
 */
export const ZMoney = z
  .union([z.string(), z.number()], { error: () => t("invalid_number") })
  .transform((input, ctx) => {
    const text = String(input).trim();
    if (!DECIMAL_TEXT.test(text)) {
      ctx.addIssue({ code: "custom", message: t("invalid_number") });
      return z.NEVER;
    }
    const value = new Prisma.Decimal(text);
    const problem =
      value.decimalPlaces() > 2
        ? t("money_decimal_places")
        : value.lessThanOrEqualTo(0)
          ? t("money_positive")
          : value.greaterThan(MAX_MONEY)
            ? t("too_big", { max: MAX_MONEY.toFixed(0) })
            : null;
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return value;
  })
  .meta({ description: 'A decimal string with at most two places ("1234.50"); a JSON number is accepted', override: { type: "string", example: "1234.50" } });

/** An ISO 4217 code, any case in, upper case out. Whether it may be used is the pricing table's call. */
export const ZCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z]{3}$/.test(v), { error: (iss) => t("invalid_currency", { value: String(iss.input) }) })
  .meta({ description: "ISO 4217, e.g. SEK" });
