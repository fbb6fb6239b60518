/**
 * Money as the API sends it: decimal strings ("1234.50"). Sums are taken in integer cents (BigInt), never
 * in JS floats, so that totals are exact however many rows are added.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450n. Refuses anything that is not a plain decimal with at most two places. */
export function parseCents(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a money value: "${text}"`);
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

/** 123450n → "1,234.50": two places, thousands grouped. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

const isMoney = (text: string) => DECIMAL.test(text.trim());

/** A decimal string from the API as shown in the dashboard: "1234.5" → "1,234.50". Anything else is shown as it came. */
export function formatMoney(text: string): string {
  return isMoney(text) ? formatCents(parseCents(text)) : text;
}

/** The exact sum of decimal strings, formatted. */
export function sumMoney(texts: readonly string[]): string {
  return formatCents(texts.reduce((sum, text) => sum + parseCents(text), 0n));
}
