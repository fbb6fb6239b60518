"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { tokenFromHash } from "./claim-token";
import { ErrorAlert } from "../ui/alert";
import { ClaimForm } from "./claim-form";

/**
 * Where the invitation's magic link lands. The link is used up only when the person presses Continue:
 * mail scanners open links to check them, and must not consume it.
 */
export function ClaimPage() {
  const t = useTranslations("employeeApp");
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

  const link = trpc.employeeApp.link.useQuery({ token: token ?? "" }, { enabled: !!token, retry: false });

  if (token === undefined) return <p className="employee-card muted">{t("loading")}</p>;
  if (token === null) {
    return (
      <div className="employee-card">
        <h1>{t("incompleteTitle")}</h1>
        <p>{t("incompleteBody")}</p>
        <p>
          <Link href="/e/login">{t("askNewLink")}</Link>
        </p>
      </div>
    );
  }

  if (link.isLoading) return <p className="employee-card muted">{t("loading")}</p>;
  // The first link claims the invitation: with the claim form (a used or expired link shows Continue and its error).
  if (link.data?.claims) {
    return (
      <div className="employee-card">
        <h1>{t("welcomeTitle")}</h1>
        <ClaimForm
          initialName={link.data.name}
          pending={claim.isPending || claim.isSuccess}
          error={claim.error}
          onSubmit={(details) => claim.mutate({ token, details })}
        />
        <p className="employee-fineprint">
          {t("linkOnce")} <Link href="/e/login">{t("askNewLink")}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="employee-card">
      <h1>{t("welcomeTitle")}</h1>
      <p>{t("welcomeBody")}</p>
      {claim.error && <ErrorAlert>{claim.error.message}</ErrorAlert>}
      <button
        type="button"
        className="button button-primary button-block button-large"
        disabled={claim.isPending || claim.isSuccess}
        onClick={() => claim.mutate({ token })}
      >
        {claim.isPending || claim.isSuccess ? t("signingIn") : t("continue")}
      </button>
      <p className="employee-fineprint">
        {t("linkOnce")} <Link href="/e/login">{t("askNewLink")}</Link>
      </p>
    </div>
  );
}
