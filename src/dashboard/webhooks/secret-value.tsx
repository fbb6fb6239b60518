"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";

type Copied = "idle" | "copied" | "failed";

/** Copies `text`; the clipboard needs a secure context and may refuse, which is said rather than hidden. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<Copied>("idle");
  const t = useTranslations("webhooks.secret");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <>
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="muted">
        {copied === "copied" ? t("copied") : copied === "failed" ? t("copyFailed") : ""}
      </span>
    </>
  );
}

/** A subscription's secret, masked until revealed (the mask's length says nothing about the secret's). */
export function SecretValue({ secret, children }: { secret: string; children?: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const t = useTranslations("webhooks.secret");
  return (
    <span className="secret">
      <code data-testid="secret-value">{revealed ? secret : "•".repeat(12)}</code>
      <button type="button" className="button button-small" onClick={() => setRevealed(!revealed)}>
        {revealed ? t("hide") : t("reveal")}
      </button>
      <CopyButton text={secret} label={t("copy")} />
      {children}
    </span>
  );
}
