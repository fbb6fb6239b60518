"use client";

import { useState, type ReactNode } from "react";

type Copied = "idle" | "copied" | "failed";

/** Copies `text`; the clipboard needs a secure context and may refuse, which is said rather than hidden. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<Copied>("idle");

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
        {copied === "copied" ? "Copied." : copied === "failed" ? "Could not copy; select the text instead." : ""}
      </span>
    </>
  );
}

/** A subscription's secret, masked until revealed (the mask's length says nothing about the secret's). */
export function SecretValue({ secret, children }: { secret: string; children?: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className="secret">
      <code data-testid="secret-value">{revealed ? secret : "•".repeat(12)}</code>
      <button type="button" className="button button-small" onClick={() => setRevealed(!revealed)}>
        {revealed ? "Hide secret" : "Reveal secret"}
      </button>
      <CopyButton text={secret} label="Copy secret" />
      {children}
    </span>
  );
}
