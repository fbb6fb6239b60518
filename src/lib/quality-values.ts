/**
 * An HTTP quality list (Accept, Accept-Language: `text/html, application/json;q=0.9`) as lowercased values with
 * their q (1 when absent). In src/lib because the HTTP edge reads Accept and the locale negotiation, which the
 * browser runs too, reads Accept-Language. Hand-written: `negotiator` is not among our packages (issue 23).
 */
export function qualityValues(header: string): { value: string; q: number }[] {
  return header.split(",").map((part) => {
    const [value, ...params] = part.trim().toLowerCase().split(";");
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    return { value, q };
  });
}
