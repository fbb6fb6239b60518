"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDialogMutation } from "../ui/dialog-mutation";
import type { Payrun } from "./payrun-types";

interface PayrunDialogProps {
  payrun: Payrun;
  onClose: () => void;
  onDone: () => void;
}

/** A refusal (another person closed or paid it first) shows in the dialog, and the page shows the Payrun as it is now. */
const refreshPayruns = (u: ReturnType<typeof trpc.useUtils>) => Promise.all([u.payruns.invalidate(), u.payouts.invalidate()]);

export function ClosePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const t = useTranslations("payruns.closeDialog");
  const f = useFormat();
  const close = trpc.payruns.close.useMutation(useDialogMutation({ refresh: refreshPayruns, onDone, onClose, refreshOnError: true }));
  return (
    <ConfirmDialog
      title={t("title")}
      confirmLabel={t("confirm")}
      pendingLabel={t("pending")}
      mutation={close}
      onConfirm={() => close.mutate({ payrun_id: payrun.id })}
      onClose={onClose}
    >
      <p>
        {t.rich("text", {
          count: payrun.payout_count,
          amount: f.money(payrun.price, payrun.currency),
          currency: payrun.currency,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    </ConfirmDialog>
  );
}

/** `onDone` leaves the page: the list is refreshed, not the Payrun itself, which is gone. */
export function DeletePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const t = useTranslations("payruns");
  const utils = trpc.useUtils();
  const remove = trpc.payruns.delete.useMutation({
    onSuccess: async () => {
      onDone();
      await utils.payruns.list.invalidate();
    },
    onError: () => refreshPayruns(utils),
  });
  return (
    <ConfirmDialog
      title={t("deleteDialog.title")}
      confirmLabel={t("deleteDialog.confirm")}
      pendingLabel={t("deleteDialog.pending")}
      mutation={remove}
      danger
      onConfirm={() => remove.mutate({ payrun_id: payrun.id })}
      onClose={onClose}
    >
      <p>
        {t.rich("deleteDialog.text", {
          name: payrun.name ?? t("name", { currency: payrun.currency }),
          id: payrun.id,
          b: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
    </ConfirmDialog>
  );
}
