/** The magic link's token, from the URL fragment (`#token=…`), which browsers never send to a server. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim();
  return token ? token : null;
}
