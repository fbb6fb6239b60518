import { useLocale, useTranslations } from "use-intl";
import { INTL_LOCALES } from "@/i18n/catalogue/locales";

/** How long a throttled sign-in must wait, from the answer's `Retry-After` (seconds); null when it gives none usable. */
export function tryAgainAfter(retryAfter: string | null, now: Date = new Date()): { unit: "second" | "minute"; count: number; at: Date } | null {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  if (seconds === null) return null;
  const at = new Date(now.getTime() + seconds * 1000);
  return seconds < 60 ? { unit: "second", count: seconds, at } : { unit: "minute", count: Math.ceil(seconds / 60), at };
}

/** What the sign-in pages say when throttled, in the page's language: when to try again. */
export function useTryAgainMessage(): (retryAfter: string | null) => string {
  const t = useTranslations("account.throttled");
  const locale = useLocale();
  return (retryAfter) => {
    const wait = tryAgainAfter(retryAfter);
    if (!wait) return t("wait");
    const at = new Intl.DateTimeFormat(INTL_LOCALES[locale], { hour: "2-digit", minute: "2-digit" }).format(wait.at);
    return wait.unit === "second" ? t("seconds", { count: wait.count, at }) : t("minutes", { count: wait.count, at });
  };
}
