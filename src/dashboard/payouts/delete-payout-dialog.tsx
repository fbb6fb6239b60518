"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { DeleteDialog } from "../ui/confirm-dialog";
import { useDialogMutation, type Refresh } from "../ui/dialog-mutation";
import type { Payout } from "./payout-types";

/** The Payrun's price and count change with it. */
const refreshPayouts: Refresh = (u) => Promise.all([u.payouts.invalidate(), u.payruns.invalidate()]);

/** Refused (409, shown in the dialog) once the Payout's Payrun is paid. */
export function DeletePayoutDialog({ payout, onClose, onDeleted }: { payout: Payout; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.payouts.delete.useMutation(useDialogMutation({ refresh: refreshPayouts, onDone: onDeleted, onClose }));
  const t = useTranslations("payouts");
  return <DeleteDialog what={t("deleteWhat")} name={payout.description} id={payout.id} mutation={remove} input={{ payout_id: payout.id }} onClose={onClose} />;
}
