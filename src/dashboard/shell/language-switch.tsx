"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "use-intl";
import { isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES } from "@/i18n/catalogue/locales";
import { trpc } from "../trpc";

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * The language of every page: kept in a cookie, which the server reads for the pages and its error messages,
 * and saved on the signed-in person's row, so that signing in elsewhere restores it.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  const t = useTranslations("shell");
  const router = useRouter();
  const signedIn = Boolean(trpc.session.me.useQuery(undefined, { retry: false }).data);
  const save = trpc.session.setLocale.useMutation();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t("language")}</span>
      <select
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          document.cookie = `${LOCALE_COOKIE}=${chosen}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
          // The page changes at once; saving the choice is not waited for (a failure only leaves the old one saved).
          if (signedIn) save.mutate({ locale: chosen });
          router.refresh();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
