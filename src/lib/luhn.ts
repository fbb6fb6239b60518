/**
 * The Luhn (modulus 10) check digit, used by Swedish OCR references (src/domain/billing/ocr.ts) and by
 * Bankgiro numbers (BANKGIRO, checked when the configuration is read): here, in src/lib, so that both share
 * one implementation.
 */

/** The Luhn check digit of `digits`: doubling every second digit from the right, starting with the last. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
