"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc, type MutationState } from "../trpc";
import { ConfirmAction, DeleteDialog } from "../ui/confirm-dialog";
import { useDialogMutation, type Refresh } from "../ui/dialog-mutation";
import { invoiceIdOf, type Prepayment } from "./prepayment-types";

interface DialogProps {
  prepayment: Prepayment;
  onClose: () => void;
  onDone: () => void;
}

const refresh: Refresh = (u) => Promise.all([u.prepayments.invalidate(), u.invoices.invalidate()]);

/** The texts of the two steps of a Prepayment's invoice, in `prepayments.detail`. */
const STEPS = {
  issue: { title: "issueTitle", confirm: "issueConfirm", pending: "issuing", text: "issueText" },
  pay: { title: "simulateTitle", confirm: "simulateConfirm", pending: "simulating", text: "simulateText" },
} as const;

interface InvoiceStepDialogProps {
  step: keyof typeof STEPS;
  prepayment: Prepayment;
  mutation: MutationState & { mutate: (input: { invoice_id: string }) => void };
  onClose: () => void;
}

/** Asks before a step of the Prepayment's invoice, naming its amount. */
function InvoiceStepDialog({ step, prepayment, mutation, onClose }: InvoiceStepDialogProps) {
  const t = useTranslations("prepayments.detail");
  const f = useFormat();
  const keys = STEPS[step];
  const texts = { title: t(keys.title), confirm: t(keys.confirm), pending: t(keys.pending) };
  return (
    <ConfirmAction texts={texts} mutation={mutation} input={{ invoice_id: invoiceIdOf(prepayment) }} onClose={onClose}>
      <p>{t(keys.text, { amount: f.money(prepayment.net_amount, prepayment.currency) })}</p>
    </ConfirmAction>
  );
}

export function IssueDialog({ prepayment, onClose, onDone }: DialogProps) {
  const issue = trpc.invoices.issue.useMutation(useDialogMutation({ refresh, onDone, onClose, refreshOnError: true }));
  return <InvoiceStepDialog step="issue" prepayment={prepayment} mutation={issue} onClose={onClose} />;
}

/** Demo only: stands in for the bank transfer (the same procedure as POST /v2/invoices/{id}/pay/). */
export function PayDialog({ prepayment, onClose, onDone }: DialogProps) {
  const pay = trpc.invoices.pay.useMutation(useDialogMutation({ refresh, onDone, onClose, refreshOnError: true }));
  return <InvoiceStepDialog step="pay" prepayment={prepayment} mutation={pay} onClose={onClose} />;
}

/** `onDeleted` leaves the page: the list is refreshed; a refusal refreshes the Prepayment, which stays. */
export function DeletePrepaymentDialog({ prepayment, onClose, onDeleted }: { prepayment: Prepayment; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.prepayments.delete.useMutation(
    useDialogMutation({ refresh: (u) => u.prepayments.list.invalidate(), onDone: onDeleted, onClose, refreshOnError: refresh }),
  );
  const input = { prepayment_id: prepayment.id };
  const t = useTranslations("prepayments");
  return <DeleteDialog what={t("deleteWhat")} name={prepayment.description} id={prepayment.id} mutation={remove} input={input} onClose={onClose} />;
}
