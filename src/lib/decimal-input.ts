/**
 * A decimal as a person writes it (a form field, a spreadsheet cell), to the API's decimal string; null when it
 * is not one. With `decimalComma` (Swedish): "1500,50", "1 500,50" (and "1500.50"); without: "1500.50",
 * "1,500.50". At most two decimals; spaces (and apostrophes) group thousands either way.
 */
const SPACES = /[\s\u00a0\u202f']/g;

export function parseDecimalInput(text: string, decimalComma: boolean): string | null {
  let compact = text.trim().replace(SPACES, "");
  if (decimalComma) {
    compact = compact.replace(",", ".");
  } else if (/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) {
    compact = compact.replace(/,/g, "");
  }
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, sign, whole, fraction] = match;
  return `${sign === "-" ? "-" : ""}${whole.replace(/^0+(?=\d)/, "")}${fraction ? `.${fraction}` : ""}`;
}
