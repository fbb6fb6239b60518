/**
 * Sign-in throttling by failed attempts, counted by `Limiter`s on the same store as the API's limits:
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
import { createLimiter, type RateLimitStore } from "@/http/limit-stores";
import type { Limiter } from "@/http/limiter";
import { CLIENT_IP_HEADER } from "./client-ip";
import { t } from "@/i18n/locale";
import { isLocale, LOCALE_COOKIE } from "@/i18n/catalogue/locales";
import type { Logger } from "@/log";

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether the person signing in has 2FA on, so that the plugin (whose hook runs after ours) will ask for a code. */
function twoFactorDue(user: object | undefined): boolean {
  return Boolean(user && "twoFactorEnabled" in user && user.twoFactorEnabled);
}

/**
 * The language a person chose in the dashboard is saved on their user row; signing in (on any browser) sets
 * the language cookie from it, as the language switch would.
 */
function restoreLocale(user: object | undefined, set: (value: string) => void): void {
  const locale = user && "locale" in user ? user.locale : null;
  if (isLocale(locale)) set(locale);
}

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
/** The second step of a sign-in: a code from the authenticator app, or a backup code. */
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
/** better-auth's two-factor plugin: the signed cookie naming a sign-in that waits for its code (its `TWO_FACTOR_COOKIE_NAME`). */
const TWO_FACTOR_COOKIE = "two_factor";

function emailOf(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase();
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The email an attempt was counted against, from the before hook to the after hook of the same request (its
 * `ctx.context` is the request's own, as the two-factor plugin's WeakMap relies on too): a right code consumes
 * the cookie's record, so the after hook could not read it again.
 */
const countedEmails = new WeakMap<object, string | null>();

/**
 * The email address an attempt counts against: the one typed for a password, or for a code the person whose
 * password was right (read from the plugin's cookie, as the plugin itself does). Null for a code without a
 * sign-in waiting for it (enrolment, where the person is signed in already): such attempts are not counted.
 */
async function attemptEmail(ctx: HookContext): Promise<string | null> {
  if (ctx.path === SIGN_IN_PATH) return emailOf(ctx.body);
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const waiting = await ctx.context.internalAdapter.findVerificationValue(identifier);
  const user = waiting ? await ctx.context.internalAdapter.findUserById(waiting.value) : null;
  return user ? user.email.toLowerCase() : null;
}

/**
 * Takes one point of `key` for an attempt about to be checked (one atomic addition in the store), and answers
 * the milliseconds until it may try again when that point is over the limit, else 0. Counting before the
 * check, not after it, keeps concurrent attempts from all passing a count none of them has added to yet.
 */
async function reserve(limiter: Limiter, key: string | null): Promise<number> {
  if (!key) return 0;
  const answer = await limiter.take(key);
  return answer.allowed ? 0 : Math.max(1000, answer.msBeforeNext);
}

/** Gives back a point `reserve` took, for an attempt that turned out to be no failed password. */
async function giveBack(limiter: Limiter, key: string | null): Promise<void> {
  if (key) await limiter.giveBack(key);
}

/**
 * better-auth `hooks`: every attempt takes a point per email and per address before the password (or the
 * second factor's code) is checked (refused once over the limit); a wrong password or code (401) keeps it, a
 * completed sign-in clears the email's count and gives the address's point back, anything else gives both
 * back. A right password of a person with 2FA is no completed sign-in: the count stays until the code is
 * right, so that wrong codes add up with wrong passwords and a known password does not reset them.
 */
export function signInHooks({ settings, store, log }: SignInThrottle, audit?: (ctx: HookContext) => Promise<void>) {
  // Every attempt asks the store (a local share of 0): attempts are few, and each must count everywhere at once.
  const window = { windowSeconds: settings.lockoutMinutes * 60, localShare: 0 };
  const byEmail = createLimiter(store, { prefix: "sign_in_email", points: settings.maxFailures, ...window }, log);
  const byAddress = createLimiter(store, { prefix: "sign_in_address", points: settings.addressMaxFailures, ...window }, log);
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN_PATH && !CODE_PATHS.has(ctx.path)) return;
      const email = await attemptEmail(ctx);
      if (!email && ctx.path !== SIGN_IN_PATH) return;
      countedEmails.set(ctx.context, email);
      const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
      const [emailMs, addressMs] = await Promise.all([reserve(byEmail, email), reserve(byAddress, address)]);
      const ms = Math.max(emailMs, addressMs);
      if (ms === 0) return;
      // A refused attempt checks no password, so it is no failure: a point taken under a limit it did not
      // reach goes back (the after hook does not run for it). The refused key keeps its extra point: it is
      // locked until its window ends anyway, and a refusal from the limiter's memory took none.
      await Promise.all([emailMs === 0 && giveBack(byEmail, email), addressMs === 0 && giveBack(byAddress, address)]);
      const seconds = Math.ceil(ms / 1000);
      const retry = String(seconds);
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { message: t("sign_in_locked", { minutes: Math.ceil(seconds / 60) }), code: "SIGN_IN_LOCKED" },
        { "Retry-After": retry, "X-Retry-After": retry },
      );
    }),
    after: createAuthMiddleware(async (ctx) => {
      // The audit log's record of the request (audit-hooks.ts); a failure to write it is logged, the answer kept.
      if (audit) await audit(ctx).catch((e: unknown) => log.error({ err: e, path: ctx.path }, "audit record failed"));
      if (ctx.path !== SIGN_IN_PATH && !CODE_PATHS.has(ctx.path)) return;
      if (!countedEmails.has(ctx.context)) return; // not counted (refused before, or a code outside a sign-in)
      const email = countedEmails.get(ctx.context) ?? null;
      const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
      const returned = ctx.context.returned;
      const secondStepDue = ctx.path === SIGN_IN_PATH && twoFactorDue(ctx.context.newSession?.user);
      if (isAPIError(returned) || secondStepDue) {
        if (isAPIError(returned) && returned.statusCode === 401) return; // a wrong password or code: the points taken before stay
        await Promise.all([giveBack(byEmail, email), giveBack(byAddress, address)]);
      } else {
        if (email) await byEmail.clear(email);
        await giveBack(byAddress, address);
        restoreLocale(ctx.context.newSession?.user, (value) =>
          ctx.setCookie(LOCALE_COOKIE, value, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", httpOnly: false }),
        );
      }
    }),
  };
}
