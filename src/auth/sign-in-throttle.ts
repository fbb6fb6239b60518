/**
 * Sign-in throttling per account: failed password sign-ins are counted per email address (existing or
 * not, so the answer tells nothing about who has an account) with rate-limiter-flexible on the same store
 * as the API's limits. After `maxFailures` failures within `lockoutMinutes`, every attempt for that email,
 * the right password included, is refused with 429 and `Retry-After` until the window ends; a successful
 * sign-in clears the count. The per-address limit is better-auth's own (see `createAuth`).
 */
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createLimiter, type RateLimitStore } from "@/http/rate-limit";
import { t } from "@/i18n/locale";
import type { Logger } from "@/log";

export interface SignInThrottleSettings {
  /** Failed attempts per email address within the window before it is locked. */
  maxFailures: number;
  /** The window, and so the longest lockout, in minutes. */
  lockoutMinutes: number;
  /** Attempts per client address per minute (better-auth's limiter). */
  perAddressPerMinute: number;
}

export interface SignInThrottle {
  settings: SignInThrottleSettings;
  store: RateLimitStore;
  log: Logger;
}

const SIGN_IN_PATH = "/sign-in/email";

function emailOf(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase();
}

/** better-auth `hooks`: refuse a locked email before the password is checked; count failures after. */
export function signInHooks({ settings, store, log }: SignInThrottle) {
  const failures: RateLimiterAbstract = createLimiter(
    store,
    { keyPrefix: "sign_in_email", points: settings.maxFailures, duration: settings.lockoutMinutes * 60 },
    log,
  );
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN_PATH) return;
      const email = emailOf(ctx.body);
      if (!email) return;
      const counted = await failures.get(email);
      if (!counted || counted.consumedPoints < settings.maxFailures) return;
      const seconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
      const retry = String(seconds);
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { message: t("sign_in_locked", { minutes: Math.ceil(seconds / 60) }), code: "SIGN_IN_LOCKED" },
        { "Retry-After": retry, "X-Retry-After": retry },
      );
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN_PATH) return;
      const email = emailOf(ctx.body);
      if (!email) return;
      const returned = ctx.context.returned;
      if (isAPIError(returned)) {
        if (returned.statusCode === 401) await failures.penalty(email);
      } else await failures.delete(email);
    }),
  };
}
