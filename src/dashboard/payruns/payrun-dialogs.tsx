"use client";

import { formatMoney } from "../money";
import { trpc } from "../trpc";
import { ConfirmDialog, DeleteDialog } from "../ui/confirm-dialog";
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
  const close = trpc.payruns.close.useMutation(useDialogMutation({ refresh: refreshPayruns, onDone, onClose, refreshOnError: true }));
  return (
    <ConfirmDialog
      title="Close Payrun"
      confirmLabel="Close Payrun"
      pendingLabel="Closing…"
      mutation={close}
      onConfirm={() => close.mutate({ payrun_id: payrun.id })}
      onClose={onClose}
    >
      <p>
        Close this Payrun of {payrun.payout_count} {payrun.payout_count === 1 ? "Payout" : "Payouts"} for{" "}
        <strong>
          {formatMoney(payrun.price)} {payrun.currency}
        </strong>
        ? No more Payouts join it; the next {payrun.currency} Payout opens a new Payrun. It cannot be reopened.
      </p>
    </ConfirmDialog>
  );
}

/** `onDone` leaves the page: the list is refreshed, not the Payrun itself, which is gone. */
export function DeletePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.payruns.delete.useMutation({
    onSuccess: async () => {
      onDone();
      await utils.payruns.list.invalidate();
    },
    onError: () => refreshPayruns(utils),
  });
  return (
    <DeleteDialog
      what="Payrun"
      name={`${payrun.currency} Payrun`}
      id={payrun.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ payrun_id: payrun.id })}
      onClose={onClose}
    />
  );
}
