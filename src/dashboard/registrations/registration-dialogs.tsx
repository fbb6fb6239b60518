"use client";

import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { RegistrationForm } from "./registration-form";
import { EMPTY_REGISTRATION, registrationValues } from "./registration-form-values";
import type { Registration } from "./registration-types";

export function CreateRegistrationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (r: Registration) => void }) {
  const create = trpc.registrations.create.useMutation(useDialogMutation({ refresh: (u) => u.registrations.list.invalidate(), onDone: onCreated, onClose }));
  return (
    <Modal title="New Registration" onClose={onClose} wide>
      <p className="modal-lead">Your company&apos;s details for review. Once approved, it becomes an Integration of your account.</p>
      <RegistrationForm
        initial={EMPTY_REGISTRATION}
        mode="create"
        submitLabel="Create Registration"
        mutation={create}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function EditRegistrationDialog(props: { registration: Registration; onClose: () => void; onSaved?: (saved: Registration) => void }) {
  const { registration, onClose, onSaved } = props;
  const update = trpc.registrations.update.useMutation(useDialogMutation({ refresh: (u) => u.registrations.invalidate(), onDone: onSaved, onClose }));
  return (
    <Modal title={`Edit ${registration.friendly_name}`} onClose={onClose} wide>
      {registration.rejection_reason !== null && <p className="modal-lead">Saving sends the Registration back to the review team.</p>}
      <RegistrationForm
        initial={registrationValues(registration)}
        mode="edit"
        submitLabel="Save changes"
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
  return (
    <DeleteDialog
      what="Registration"
      name={registration.friendly_name}
      id={registration.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ registration_id: registration.id })}
      onClose={onClose}
    />
  );
}

/** Demo only: the registrant approves its own Registration, which creates the Integration at once. */
export function ApproveDemoButton({ registration, onResult, small }: { registration: Registration; onResult: (n: NoticeValue) => void; small?: boolean }) {
  const utils = trpc.useUtils();
  const approve = trpc.registrations.approve.useMutation({
    onSuccess: async (approved) => {
      onResult({ kind: "success", text: `${approved.friendly_name} is approved; its Integration ${approved.integration_id} is ready.` });
      // The new Integration joins the Integrations page and the picker.
      await Promise.all([utils.registrations.invalidate(), utils.integrations.list.invalidate()]);
    },
    onError: async (error) => {
      onResult({ kind: "error", text: error.message });
      await utils.registrations.invalidate();
    },
  });
  return (
    <button
      type="button"
      className={small ? "button button-small button-primary" : "button button-primary"}
      aria-label={`Approve ${registration.friendly_name} (demo)`}
      disabled={approve.isPending}
      onClick={() => approve.mutate({ registration_id: registration.id })}
    >
      {approve.isPending ? "Approving…" : "Approve (demo)"}
    </button>
  );
}
