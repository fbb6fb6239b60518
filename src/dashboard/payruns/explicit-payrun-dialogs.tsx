"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ServerCheckedForm, TextField, useFormValues } from "../ui/form";
import { Modal } from "../ui/modal";
import { fieldMessages } from "../errors";
import { payrunPath, type Payrun } from "./payrun-types";
import { useScopedPath } from "../shell/use-scoped-path";

const FIELDS = ["name", "description", "invoice_marking", "currency"] as const;

/** The dialogs' drafts: what is typed in them survives an ended session (ui/draft-scope.tsx); an edit's is kept for its Payrun. */
export const NEW_PAYRUN_DRAFT = "payruns.create";
export const EDIT_PAYRUN_DRAFT = "payruns.edit";

/** An explicit Payrun (the Integration's payrun_management): only Payouts that name it join it. */
export function CreatePayrunDialog({ currency, onClose }: { currency: string; onClose: () => void }) {
  const t = useTranslations("prepayments.payruns");
  return (
    <Modal draft={NEW_PAYRUN_DRAFT} title={t("createTitle")} onClose={onClose}>
      <p className="muted">{t("explicitHint")}</p>
      <CreatePayrunForm currency={currency} onClose={onClose} />
    </Modal>
  );
}

/** The form inside the dialog, so that its values are the draft's (they live within `<Modal draft>`). */
function CreatePayrunForm({ currency, onClose }: { currency: string; onClose: () => void }) {
  const t = useTranslations("prepayments.payruns");
  const router = useRouter();
  const scoped = useScopedPath();
  const { bind, values } = useFormValues({ name: "", description: "", invoice_marking: "", currency });
  const create = trpc.payruns.create.useMutation(
    useDialogMutation({ refresh: (u) => u.payruns.invalidate(), onDone: (p) => router.push(scoped(payrunPath(p.id))), onClose }),
  );
  const errors = fieldMessages(create.error);
  return (
    <ServerCheckedForm
      mutation={create}
      fields={FIELDS}
      submitLabel={t("create")}
      onSubmit={() =>
        create.mutate({
          name: values.name || null,
          description: values.description,
          invoice_marking: values.invoice_marking || null,
          currency: values.currency,
        })
      }
      onCancel={onClose}
    >
      <TextField label={t("name")} errors={errors.name} className="span-2" {...bind("name")} />
      <TextField label={t("description")} errors={errors.description} className="span-2" {...bind("description")} />
      <TextField label={t("invoiceMarking")} errors={errors.invoice_marking} {...bind("invoice_marking")} />
      <TextField label={t("currency")} hint={t("currencyHint", { currency })} errors={errors.currency} {...bind("currency")} />
    </ServerCheckedForm>
  );
}

interface EditPayrunProps {
  payrun: Payrun;
  onClose: () => void;
  onDone: () => void;
}

/** Name, description and invoice marking of an open Payrun (closed ones cannot be edited). */
export function EditPayrunDialog(props: EditPayrunProps) {
  const t = useTranslations("prepayments.payruns");
  return (
    <Modal draft={EDIT_PAYRUN_DRAFT} draftSubject={props.payrun.id} title={t("renameTitle")} onClose={props.onClose}>
      <EditPayrunForm {...props} />
    </Modal>
  );
}

function EditPayrunForm({ payrun, onClose, onDone }: EditPayrunProps) {
  const t = useTranslations("prepayments.payruns");
  const { bind, values } = useFormValues({ name: payrun.name ?? "", description: payrun.description, invoice_marking: payrun.invoice_marking ?? "" });
  const update = trpc.payruns.update.useMutation(useDialogMutation({ refresh: (u) => u.payruns.invalidate(), onDone, onClose, refreshOnError: true }));
  const errors = fieldMessages(update.error);
  return (
    <ServerCheckedForm
      mutation={update}
      fields={FIELDS}
      submitLabel={t("save")}
      onSubmit={() =>
        update.mutate({ payrun_id: payrun.id, name: values.name || null, description: values.description, invoice_marking: values.invoice_marking || null })
      }
      onCancel={onClose}
    >
      <TextField label={t("name")} errors={errors.name} className="span-2" {...bind("name")} />
      <TextField label={t("description")} errors={errors.description} className="span-2" {...bind("description")} />
      <TextField label={t("invoiceMarking")} errors={errors.invoice_marking} className="span-2" {...bind("invoice_marking")} />
    </ServerCheckedForm>
  );
}
