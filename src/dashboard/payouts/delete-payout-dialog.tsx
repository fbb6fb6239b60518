"use client";

import { trpc } from "../trpc";
import { DeleteDialog } from "../ui/confirm-dialog";
import type { Payout } from "./payout-types";

/** Refused (409, shown in the dialog) once the Payout's Payrun is paid. */
export function DeletePayoutDialog({ payout, onClose, onDeleted }: { payout: Payout; onClose: () => void; onDeleted: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.payouts.delete.useMutation({
    onSuccess: async () => {
      onDeleted();
      // The Payrun's price and count change with it.
      await Promise.all([utils.payouts.invalidate(), utils.payruns.invalidate()]);
      onClose();
    },
  });
  return (
    <DeleteDialog
      what="Payout"
      name={payout.description}
      id={payout.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ payout_id: payout.id })}
      onClose={onClose}
    />
  );
}
