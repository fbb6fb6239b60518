/**
 * An HTTP quality list (Accept, Accept-Language: `text/html, application/json;q=0.9`) as lowercased values with
 * their q (1 when absent). Here, below the HTTP edge, because locale negotiation reads Accept-Language too.
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
