"use client";

import { useEffect, useState, type ReactNode } from "react";
import { authClient } from "../auth-client";
import { signInAgain } from "../sign-in-again";
import { trpc } from "../trpc";
import { SessionWarningContext, type SessionWarningValue } from "../ui/session-warning";

/** While the warning shows, how often to look whether another tab (or this page's requests) extended the session. */
const RECHECK_MS = 15_000;

/** When the session ends, by better-auth's own answer, without refreshing it (a look must not extend it); null: ended. */
async function sessionEnd(): Promise<number | null> {
  const { data } = await authClient().getSession({ query: { disableRefresh: true } });
  return data ? new Date(data.session.expiresAt).getTime() : null;
}

/**
 * Watches the session's end (`session.expiry`): from its warning time on, the notice with "Stay signed in"
 * (ui/session-warning.tsx); at its end, sign-in, keeping what an open dialog holds. "Stay signed in" asks
 * better-auth for the session, which refreshes it (row and cookie) by its own rule: by the warning a refresh is
 * due (src/auth/session-lifetime.ts).
 */
export function SessionExpiryWatch({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const expiry = trpc.session.expiry.useQuery(undefined, { staleTime: Infinity, refetchOnWindowFocus: true });
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { data, dataUpdatedAt } = expiry;

  useEffect(() => {
    if (!data) return;
    // The browser's clock may be off: the server's times, moved by the difference when the answer came.
    const skew = Date.parse(data.now) - dataUpdatedAt;
    const warnAt = Date.parse(data.warn_at) - skew;
    const end = Date.parse(data.expires_at) - skew;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const look = async () => {
      const serverEnd = await sessionEnd().catch(() => end + skew);
      if (!live) return;
      if (serverEnd === null) return signInAgain();
      // Extended since (another tab, or a request of this page): read the new end, and the warning goes.
      if (serverEnd - skew > end + 1_000) {
        setEndsAt(null);
        return void utils.session.expiry.invalidate();
      }
      setEndsAt(end);
      timer = setTimeout(() => void look(), Math.max(1_000, Math.min(RECHECK_MS, end - Date.now() + 500)));
    };
    setEndsAt(null);
    timer = setTimeout(() => void look(), Math.max(0, warnAt - Date.now()));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data, dataUpdatedAt, utils]);

  const stay = () => {
    setStaying(true);
    setFailed(null);
    authClient()
      .getSession()
      .then(async ({ data: session, error }) => {
        if (error) throw new Error(error.message ?? error.statusText);
        if (!session) return signInAgain();
        await utils.session.expiry.invalidate();
      })
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)))
      .finally(() => setStaying(false));
  };

  const warning: SessionWarningValue | null = endsAt === null ? null : { endsAt, stay, staying, failed };
  return <SessionWarningContext.Provider value={warning}>{children}</SessionWarningContext.Provider>;
}
