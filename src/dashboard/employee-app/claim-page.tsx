"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { trpc } from "../trpc";
import { tokenFromHash } from "./claim-token";

/**
 * Where the invitation's magic link lands. The link is used up only when the person presses Continue:
 * mail scanners open links to check them, and must not consume it.
 */
export function ClaimPage() {
  const router = useRouter();
  const utils = trpc.useUtils();
  // undefined until read: the fragment exists only in the browser, not while the page is prerendered.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(tokenFromHash(window.location.hash)), []);

  const claim = trpc.employeeApp.claim.useMutation({
    onSuccess: async () => {
      await utils.employeeApp.home.reset();
      // Replaces the link's history entry, so that Back does not return to a used link.
      router.replace("/e");
    },
  });

  if (token === undefined) return <p className="employee-card muted">Loading…</p>;
  if (token === null) {
    return (
      <div className="employee-card">
        <h1>This link is incomplete</h1>
        <p>Open the link in your invitation email again. If you copied it, make sure you copied all of it.</p>
      </div>
    );
  }

  return (
    <div className="employee-card">
      <h1>Welcome to Payroute</h1>
      <p>You were invited to see your payments and messages here. Continue to sign in.</p>
      {claim.error && (
        <div className="alert alert-error" role="alert">
          {claim.error.message}
        </div>
      )}
      <button
        type="button"
        className="button button-primary button-block button-large"
        disabled={claim.isPending || claim.isSuccess}
        onClick={() => claim.mutate({ token })}
      >
        {claim.isPending || claim.isSuccess ? "Signing in…" : "Continue"}
      </button>
      <p className="employee-fineprint">The link works once. If it has expired, ask the company that pays you for a new invitation.</p>
    </div>
  );
}
