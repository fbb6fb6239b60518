/**
 * How long a dashboard session lasts and when the dashboard warns before it ends. A session ends
 * `lifetimeSeconds` after its last refresh; better-auth refreshes it (row and cookie) on a request once it is
 * `updateAge` old. There is no absolute maximum beyond that: a session in use slides.
 */

/** Seven days since the last refresh: the production default, and the longest allowed. */
export const MAX_SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** The warning comes five minutes before the end by default. */
export const DEFAULT_SESSION_WARNING_SECONDS = 5 * 60;
/** A session is refreshed at most once a day by the requests that use it (better-auth's write per refresh). */
const MAX_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export interface SessionTimes {
  lifetimeSeconds: number;
  warningSeconds: number;
}

export const DEFAULT_SESSION_TIMES: SessionTimes = { lifetimeSeconds: MAX_SESSION_LIFETIME_SECONDS, warningSeconds: DEFAULT_SESSION_WARNING_SECONDS };

/**
 * better-auth's `session` options. `updateAge` is at most the time from a refresh to the warning, so that when
 * the warning shows, a refresh is due: "Stay signed in" asks better-auth for the session and it refreshes it by
 * its own rule, nothing forced. With the defaults: 7 days and 1 day, as before.
 */
export function betterAuthSessionOptions({ lifetimeSeconds, warningSeconds }: SessionTimes): { expiresIn: number; updateAge: number } {
  return { expiresIn: lifetimeSeconds, updateAge: Math.min(MAX_UPDATE_AGE_SECONDS, lifetimeSeconds - warningSeconds) };
}
