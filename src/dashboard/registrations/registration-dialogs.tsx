"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { ActionButton } from "../ui/action-button";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { RegistrationForm } from "./registration-form";
import { EMPTY_REGISTRATION, registrationValues } from "./registration-form-values";
import type { Registration } from "./registration-types";

/** The create dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_REGISTRATION_DRAFT = "registrations.create";
/** The edit dialog's draft, kept for the object it is open on (its id): the same rules as the create dialog's. */
export const EDIT_REGISTRATION_DRAFT = "registrations.edit";

export function CreateRegistrationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (r: Registration) => void }) {
  const create = trpc.registrations.create.useMutation(useDialogMutation({ refresh: (u) => u.registrations.list.invalidate(), onDone: onCreated, onClose }));
  const t = useTranslations("registrations");
  return (
    <Modal draft={NEW_REGISTRATION_DRAFT} title={t("newRegistration")} lead={t("form.createLead")} onClose={onClose} wide>
      <RegistrationForm initial={EMPTY_REGISTRATION} mode="create" mutation={create} onSubmit={(fields) => create.mutate(fields)} onCancel={onClose} />
    </Modal>
  );
}

export function EditRegistrationDialog(props: { registration: Registration; onClose: () => void; onSaved?: (saved: Registration) => void }) {
  const { registration, onClose, onSaved } = props;
  const update = trpc.registrations.update.useMutation(useDialogMutation({ refresh: (u) => u.registrations.invalidate(), onDone: onSaved, onClose }));
  const t = useTranslations("registrations.form");
  const lead = registration.rejection_reason !== null ? t("editLead") : undefined;
  return (
    <Modal
      draft={EDIT_REGISTRATION_DRAFT}
      draftSubject={registration.id}
      title={t("editTitle", { name: registration.friendly_name })}
      lead={lead}
      onClose={onClose}
      wide
    >
      <RegistrationForm
        initial={registrationValues(registration)}
        mode="edit"
        mutation={update}
        onSubmit={(fields) => update.mutate({ ...fields, registration_id: registration.id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function DeleteRegistrationDialog(props: { registration: Registration; onClose: () => void; onDeleted: () => void }) {
  const { registration, onClose, onDeleted } = props;
  const remove = trpc.registrations.delete.useMutation(useDialogMutation({ refresh: (u) => u.registrations.list.invalidate(), onDone: onDeleted, onClose }));
  const t = useTranslations("registrations.form");
  const input = { registration_id: registration.id };
  return <DeleteDialog what={t("what")} name={registration.friendly_name} id={registration.id} mutation={remove} input={input} onClose={onClose} />;
}

/** Demo only: the registrant approves its own Registration, which creates the Integration at once. */
export function ApproveDemoButton({ registration, onResult, small }: { registration: Registration; onResult: (n: NoticeValue) => void; small?: boolean }) {
  const utils = trpc.useUtils();
  const t = useTranslations("registrations.approve");
  const approve = trpc.registrations.approve.useMutation({
    onSuccess: async (approved) => {
      onResult({ kind: "success", text: t("approved", { name: approved.friendly_name, integration: approved.integration_id }) });
      // The new Integration joins the Integrations page and the picker.
      await Promise.all([utils.registrations.invalidate(), utils.integrations.list.invalidate()]);
    },
    onError: async (error) => {
      onResult({ kind: "error", text: error.message });
      await utils.registrations.invalidate();
    },
  });
  return (
    <ActionButton
      label={t("button")}
      pendingLabel={t("approving")}
      accessibleName={t("label", { name: registration.friendly_name })}
      pending={approve.isPending}
      onClick={() => approve.mutate({ registration_id: registration.id })}
      small={small}
      primary
    />
  );
}
