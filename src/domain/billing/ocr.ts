/**
 * Swedish OCR references (Bankgirot's "OCR-nummer" with length and check digit): the reference digits, then
 * a length digit (the last digit of the whole reference's length, both added digits included), then a Luhn
 * (modulus 10) check digit over everything before it. Banks refuse a payment whose reference fails either check.
 */

import { luhnCheckDigit } from "@/lib/luhn";

export { luhnCheckDigit };

/** The OCR reference for an invoice number (digits only; at most 23, so that the reference fits in 25). */
export function ocrReference(number: string | bigint): string {
  const digits = String(number);
  if (!/^\d{1,23}$/.test(digits)) throw new Error(`not an invoice number: ${digits}`);
  const body = digits + String((digits.length + 2) % 10);
  return body + String(luhnCheckDigit(body));
}

/** Whether `reference` is a well-formed OCR reference: 2 to 25 digits, length digit and check digit right. */
export function isValidOcr(reference: string): boolean {
  if (!/^\d{3,25}$/.test(reference)) return false;
  const body = reference.slice(0, -1);
  return Number(body.at(-1)) === reference.length % 10 && luhnCheckDigit(body) === Number(reference.at(-1));
}
