/** What the sign-in page says when it was throttled: when to try again, from the answer's `Retry-After`. */
export function tryAgainMessage(retryAfter: string | null, now: Date = new Date()): string {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  if (seconds === null) return "Too many sign-in attempts. Please wait a while before trying again.";
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many sign-in attempts. Try again in ${wait} (at ${at}).`;
}
