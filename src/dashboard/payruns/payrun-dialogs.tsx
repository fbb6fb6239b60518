"use client";

import { formatMoney } from "../money";
import { trpc } from "../trpc";
import { ConfirmDialog, DeleteDialog } from "../ui/confirm-dialog";
import type { Payrun } from "./payrun-types";

interface PayrunDialogProps {
  payrun: Payrun;
  onClose: () => void;
  onDone: () => void;
}

/** A refusal (another person closed or paid it first) shows in the dialog, and the page shows the Payrun as it is now. */
function useRefreshPayruns() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.payruns.invalidate(), utils.payouts.invalidate()]);
}

export function ClosePayrunDialog({ payrun, onClose, onDone }: PayrunDialogProps) {
  const refresh = useRefreshPayruns();
  const close = trpc.payruns.close.useMutation({
    onSuccess: async () => {
      onDone();
      await refresh();
      onClose();
    },
    onError: () => refresh(),
  });
  return (
    <ConfirmDialog
      title="Close Payrun"
      confirmLabel="Close Payrun"
      pendingLabel="Closing…"
      pending={close.isPending}
      error={close.error}
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
  const refresh = useRefreshPayruns();
  const remove = trpc.payruns.delete.useMutation({
    onSuccess: async () => {
      onDone();
      await utils.payruns.list.invalidate();
    },
    onError: () => refresh(),
  });
  return (
    <DeleteDialog
      what="Payrun"
      name={`${payrun.currency} Payrun`}
      id={payrun.id}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ payrun_id: payrun.id })}
      onClose={onClose}
    />
  );
}
