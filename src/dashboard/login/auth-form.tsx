"use client";

import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { useTryAgainMessage } from "./try-again";

/**
 * The small kit the account pages (sign in, forgot and reset password, invitation, the Employee's sign-in
 * link) share: the card, its fields and the submit button (errors and the sent/done line: `ui/alert`).
 */

interface AuthCardProps {
  title: string;
  onSubmit: () => void;
  /** The server's rules and messages count, not the browser's (forms that check lengths themselves). */
  noValidate?: boolean;
  /** The Employee's card has no brand line and a card style of its own. */
  variant?: "staff" | "employee";
  /** A link under the form, e.g. back to the sign-in page. */
  link?: { href: string; label: string };
  children: ReactNode;
}

export function AuthCard({ title, onSubmit, noValidate, variant = "staff", link, children }: AuthCardProps) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <form className={variant === "staff" ? "login-card" : "employee-card"} noValidate={noValidate} onSubmit={submit}>
      {variant === "staff" && <p className="login-brand">Payroute</p>}
      <h1>{title}</h1>
      {children}
      {link && (
        <p className="login-links">
          <Link href={link.href}>{link.label}</Link>
        </p>
      )}
    </form>
  );
}

interface AuthFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "password";
  autoComplete: string;
  hint?: string;
  /** The keyboard a phone shows ("numeric" for a one-time code). */
  inputMode?: "numeric" | "text";
}

/** A required input with its label (no asterisk: every field of these cards is required) and hint. */
export function AuthField({ id, label, value, onChange, type = "text", autoComplete, hint, inputMode }: AuthFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-describedby={hint ? hintId : undefined}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A new password, with the rule it must meet under it (`tooShort` says the same when it does not). */
export function NewPasswordField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const t = useTranslations("account");
  return <AuthField id={id} label={label} type="password" autoComplete="new-password" hint={t("passwordHint")} value={value} onChange={onChange} />;
}

/** The server's minimum, checked here first so that a short password is told before anything is sent. */
export const tooShortPassword = (password: string) => password.length < 10;

export function AuthSubmit({ pending, label, pendingLabel, large }: { pending: boolean; label: string; pendingLabel: string; large?: boolean }) {
  return (
    <button type="submit" className={large ? "button button-primary button-block button-large" : "button button-primary button-block"} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A better-auth call's options that note the `Retry-After` of a throttled answer (its own limiter says `X-Retry-After`). */
export function useThrottleNote() {
  const tryAgainMessage = useTryAgainMessage();
  return () => {
    let retryAfter: string | null = null;
    return {
      fetchOptions: {
        onError: ({ response }: { response: Response }) => void (retryAfter = response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After")),
      },
      /** The message for a refusal: when to try again for a 429 (in the page's language), else the server's own or `fallback`. */
      message: (error: { status: number; message?: string }, fallback: string) =>
        error.status === 429 ? tryAgainMessage(retryAfter) : (error.message ?? fallback),
    };
  };
}

/**
 * A form's request state: `run` clears the error, marks the form pending and turns a failure to reach the
 * server into "unreachable". The request returns `"leaving"` when the page navigates away, so the button
 * stays pending until it does.
 */
export function useAuthRequest(initialError: string | null = null) {
  const t = useTranslations("account");
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  async function run(request: () => Promise<"leaving" | void>) {
    setPending(true);
    setError(null);
    let leaving = false;
    try {
      leaving = (await request()) === "leaving";
    } catch {
      setError(t("unreachable"));
    }
    if (!leaving) setPending(false);
  }
  return { error, setError, pending, run };
}
