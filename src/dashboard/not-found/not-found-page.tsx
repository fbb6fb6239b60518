"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import "./not-found.css";

/** An address that leads nowhere: says so in the reader's language and offers the way home, or back. */
export function NotFoundPage() {
  const t = useTranslations("notFound");
  return (
    <main className="login-page">
      <div className="card login-card not-found-card">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t("title")}</h1>
        <p>{t("lead")}</p>
        <nav className="not-found-links" aria-label={t("title")}>
          <Link className="button button-primary" href="/">
            {t("home")}
          </Link>
          <button type="button" className="button" onClick={() => window.history.back()}>
            {t("back")}
          </button>
        </nav>
      </div>
    </main>
  );
}
