import { loginPathFor } from "./safe-next";
import { keepOpenDraft } from "./ui/draft-store";

/**
 * Sends a person whose session ended to sign-in and back to this page: what an open dialog's form holds is kept
 * for after the sign-in (draft-store.ts), and the sign-in page says so. A full page load, so that nothing cached
 * for the signed-out person survives.
 */
export function signInAgain(): void {
  const reason = keepOpenDraft() ? "sessionEndedKept" : "sessionEnded";
  const target = loginPathFor(window.location.pathname, window.location.search, reason);
  if (target) window.location.assign(target);
}
