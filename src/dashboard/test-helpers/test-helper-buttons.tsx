"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { ActionButton } from "../ui/action-button";
import type { NoticeValue } from "../ui/notice";

/** Demo only: the /v2/test_helpers/ procedures as buttons; the server refuses them for live callers as well. */
function useDemo(): boolean {
  return trpc.session.me.useQuery().data?.environment === "demo";
}

function outcome(onResult: (n: NoticeValue) => void, done: string, refresh: () => Promise<unknown>) {
  return {
    onSuccess: async () => {
      onResult({ kind: "success", text: done });
      await refresh();
    },
    onError: (error: { message: string }) => onResult({ kind: "error", text: error.message }),
  };
}

/** Claim and Verify on an Employee's page, each shown while it can still happen. */
export function EmployeeTestHelpers({
  employee,
  onResult,
}: {
  employee: { id: string; name: string; claimed_at: string | null; verified_at: string | null };
  onResult: (n: NoticeValue) => void;
}) {
  const t = useTranslations("testHelpers");
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.employees.invalidate(), utils.payouts.invalidate()]);
  const demo = useDemo();
  const claim = trpc.testHelpers.claimEmployee.useMutation(outcome(onResult, t("claimed", { name: employee.name }), refresh));
  const verify = trpc.testHelpers.verifyEmployee.useMutation(outcome(onResult, t("verified", { name: employee.name }), refresh));
  if (!demo) return null;
  return (
    <>
      {!employee.claimed_at && (
        <ActionButton
          label={t("claim")}
          pendingLabel={t("working")}
          accessibleName={t("claimLabel", { name: employee.name })}
          pending={claim.isPending}
          onClick={() => claim.mutate({ employee_id: employee.id })}
        />
      )}
      {employee.claimed_at && !employee.verified_at && (
        <ActionButton
          label={t("verify")}
          pendingLabel={t("working")}
          accessibleName={t("verifyLabel", { name: employee.name })}
          pending={verify.isPending}
          onClick={() => verify.mutate({ employee_id: employee.id })}
        />
      )}
    </>
  );
}

/** Accept on a Payout's page until accepted; a refusal (409) names the missing step in the notice. */
export function PayoutTestHelpers({
  payout,
  onResult,
}: {
  payout: { id: string; description: string; accepted_at: string | null; canceled_at: string | null };
  onResult: (n: NoticeValue) => void;
}) {
  const t = useTranslations("testHelpers");
  const utils = trpc.useUtils();
  const demo = useDemo();
  const accept = trpc.testHelpers.acceptPayout.useMutation(outcome(onResult, t("accepted"), () => utils.payouts.invalidate()));
  if (!demo || payout.accepted_at || payout.canceled_at) return null;
  return (
    <ActionButton
      label={t("accept")}
      pendingLabel={t("working")}
      accessibleName={t("acceptLabel", { name: payout.description })}
      pending={accept.isPending}
      onClick={() => accept.mutate({ payout_id: payout.id })}
    />
  );
}

/** Pay on a Payrun's page until paid (the bank transfer's stand-in; its Payouts are notified). */
export function PayrunTestHelpers({
  payrun,
  name,
  onResult,
}: {
  payrun: { id: string; latest_status: string };
  name: string;
  onResult: (n: NoticeValue) => void;
}) {
  const t = useTranslations("testHelpers");
  const utils = trpc.useUtils();
  const demo = useDemo();
  const pay = trpc.testHelpers.payPayrun.useMutation(
    outcome(onResult, t("paid"), () => Promise.all([utils.payruns.invalidate(), utils.payouts.invalidate(), utils.invoices.invalidate()])),
  );
  if (!demo || payrun.latest_status === "paid") return null;
  return (
    <ActionButton
      label={t("pay")}
      pendingLabel={t("working")}
      accessibleName={t("payLabel", { name })}
      pending={pay.isPending}
      onClick={() => pay.mutate({ payrun_id: payrun.id })}
    />
  );
}
