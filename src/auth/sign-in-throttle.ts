/**
 * Sign-in throttling by failed attempts, with rate-limiter-flexible on the same store as the API's limits:
 * - per account: failures are counted per email address (existing or not, so the answer tells nothing about
 *   who has an account). After `maxFailures` within `lockoutMinutes`, every attempt for that email, the
 *   right password included, is refused with 429 and `Retry-After` until the window ends; a successful
 *   sign-in clears the count;
 * - per client address (the one the server computed, `CLIENT_IP_HEADER`): after `addressMaxFailures`
 *   failures within the same window, every attempt from it is refused. Counting failures, not attempts,
 *   spares offices behind one address, whose people rarely mistype.
 * better-auth's own limiter (see `createAuth`) caps bursts of attempts per address on top.
 */
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createLimiter, type RateLimitStore } from "@/http/rate-limit";
import { CLIENT_IP_HEADER } from "./client-ip";
import { t } from "@/i18n/locale";
import { isLocale, LOCALE_COOKIE } from "@/i18n/catalogue/locales";

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language a person chose in the dashboard is saved on their user row; signing in (on any browser) sets
 * the language cookie from it, as the language switch would.
 */
function restoreLocale(user: object | undefined, set: (value: string) => void): void {
  const locale = user && "locale" in user ? user.locale : null;
  if (isLocale(locale)) set(locale);
}
import type { Logger } from "@/log";

export interface SignInThrottleSettings {
  /** Failed attempts per email address within the window before it is locked. */
  maxFailures: number;
  /** The window, and so the longest lockout, in minutes. */
  lockoutMinutes: number;
  /** Failed attempts per client address within the window before it is locked. */
  addressMaxFailures: number;
  /** Attempts per client address in a row, each less than a second after the last (better-auth's limiter). */
  addressBurst: number;
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

/** Milliseconds until `key` may try again, or 0 when it has fewer than `max` failures in the window. */
async function lockedFor(limiter: RateLimiterAbstract, key: string | null, max: number): Promise<number> {
  if (!key) return 0;
  const counted = await limiter.get(key);
  return counted && counted.consumedPoints >= max ? Math.max(1000, counted.msBeforeNext) : 0;
}

/** better-auth `hooks`: refuse a locked email or address before the password is checked; count failures after. */
export function signInHooks({ settings, store, log }: SignInThrottle) {
  const window = settings.lockoutMinutes * 60;
  const byEmail = createLimiter(store, { keyPrefix: "sign_in_email", points: settings.maxFailures, duration: window }, log);
  const byAddress = createLimiter(store, { keyPrefix: "sign_in_address", points: settings.addressMaxFailures, duration: window }, log);
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN_PATH) return;
      const email = emailOf(ctx.body);
      const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
      const ms = Math.max(await lockedFor(byEmail, email, settings.maxFailures), await lockedFor(byAddress, address, settings.addressMaxFailures));
      if (ms === 0) return;
      const seconds = Math.ceil(ms / 1000);
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
      const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
      const returned = ctx.context.returned;
      if (isAPIError(returned)) {
        if (returned.statusCode !== 401) return;
        if (email) await byEmail.penalty(email);
        if (address) await byAddress.penalty(address);
      } else {
        if (email) await byEmail.delete(email);
        restoreLocale(ctx.context.newSession?.user, (value) =>
          ctx.setCookie(LOCALE_COOKIE, value, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", httpOnly: false }),
        );
      }
    }),
  };
}
