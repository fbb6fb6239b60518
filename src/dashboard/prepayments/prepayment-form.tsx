"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ServerCheckedForm, TextField, useFormErrors, useFormValues } from "../ui/form";
import { Modal } from "../ui/modal";
import { prepaymentPath } from "./prepayment-types";
import { useScopedPath } from "../shell/use-scoped-path";

const FIELDS = ["description", "net_amount", "currency", "invoice_marking"] as const;

/** The dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_PREPAYMENT_DRAFT = "prepayments.create";

/** Creates a DRAFT prepayment and opens it. */
export function CreatePrepaymentDialog({ currency, onClose }: { currency: string; onClose: () => void }) {
  const t = useTranslations("prepayments");
  return (
    <Modal draft={NEW_PREPAYMENT_DRAFT} title={t("newPrepayment")} onClose={onClose}>
      <CreatePrepaymentForm currency={currency} onClose={onClose} />
    </Modal>
  );
}

/** The form inside the dialog, so that its values are the draft's (they live within `<Modal draft>`). */
function CreatePrepaymentForm({ currency, onClose }: { currency: string; onClose: () => void }) {
  const t = useTranslations("prepayments");
  const f = useFormat();
  const router = useRouter();
  const scoped = useScopedPath();
  const { bind, values } = useFormValues({ description: "", net_amount: "", currency, invoice_marking: "" });
  const create = trpc.prepayments.create.useMutation(
    useDialogMutation({ refresh: (u) => u.prepayments.invalidate(), onDone: (p) => router.push(scoped(prepaymentPath(p.id))), onClose }),
  );
  const { errors, sendChecked } = useFormErrors(create.error);
  function submit() {
    const amount = f.parseMoney(values.net_amount);
    const checked = amount === null ? { ok: false as const, errors: { net_amount: [t("form.badAmount")] } } : { ok: true as const, fields: amount };
    sendChecked(checked, (net_amount) =>
      create.mutate({ description: values.description, net_amount, currency: values.currency, invoice_marking: values.invoice_marking || undefined }),
    );
  }
  return (
    <ServerCheckedForm mutation={create} fields={FIELDS} submitLabel={t("form.create")} onSubmit={submit} onCancel={onClose}>
      <TextField label={t("form.description")} required errors={errors.description} className="span-2" {...bind("description")} />
      <TextField label={t("form.netAmount")} required hint={t("form.netAmountHint")} errors={errors.net_amount} {...bind("net_amount")} />
      <TextField label={t("form.currency")} required errors={errors.currency} {...bind("currency")} />
      <TextField
        label={t("form.invoiceMarking")}
        hint={t("form.invoiceMarkingHint")}
        errors={errors.invoice_marking}
        className="span-2"
        {...bind("invoice_marking")}
      />
    </ServerCheckedForm>
  );
}
