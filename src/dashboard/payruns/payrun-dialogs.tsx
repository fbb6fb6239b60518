"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { ConfirmAction } from "../ui/confirm-dialog";
import { useDialogMutation, type Refresh } from "../ui/dialog-mutation";
import { usePayrunLabel } from "./payrun-label";
import type { Payrun } from "./payrun-types";

interface PayrunDialogProps {
  payrun: Payrun;
  onClose: () => void;
  onDone: () => void;
}

/** A refusal (another person closed or paid it first) shows in the dialog, and the page shows the Payrun as it is now. */
const refreshPayruns: Refresh = (u) => Promise.all([u.payruns.invalidate(), u.payouts.invalidate()]);

export function ClosePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const t = useTranslations("payruns.closeDialog");
  const f = useFormat();
  const close = trpc.payruns.close.useMutation(useDialogMutation({ refresh: refreshPayruns, onDone, onClose, refreshOnError: true }));
  const texts = { title: t("title"), confirm: t("confirm"), pending: t("pending") };
  return (
    <ConfirmAction texts={texts} mutation={close} input={{ payrun_id: payrun.id }} onClose={onClose}>
      <p>
        {t.rich("text", {
          count: payrun.payout_count,
          amount: f.money(payrun.price, payrun.currency),
          currency: payrun.currency,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    </ConfirmAction>
  );
}

/** `onDone` leaves the page: the list is refreshed, not the Payrun itself, which is gone. */
export function DeletePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const t = useTranslations("payruns");
  const payrunLabel = usePayrunLabel();
  const remove = trpc.payruns.delete.useMutation(
    useDialogMutation({ refresh: (u) => u.payruns.list.invalidate(), onDone, onClose, refreshOnError: refreshPayruns }),
  );
  const texts = { title: t("deleteDialog.title"), confirm: t("deleteDialog.confirm"), pending: t("deleteDialog.pending") };
  return (
    <ConfirmAction texts={texts} mutation={remove} input={{ payrun_id: payrun.id }} danger onClose={onClose}>
      <p>
        {t.rich("deleteDialog.text", {
          name: payrunLabel(payrun),
          id: payrun.id,
          b: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
    </ConfirmAction>
  );
}
