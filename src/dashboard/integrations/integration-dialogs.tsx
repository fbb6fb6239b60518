"use client";

import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { IntegrationForm } from "./integration-form";
import { EMPTY_VALUES, valuesOf } from "./integration-form-values";
import type { Integration } from "./integration-types";

/** The create dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_INTEGRATION_DRAFT = "integrations.create";
/** The edit dialog's draft, kept for the object it is open on (its id): the same rules as the create dialog's. */
export const EDIT_INTEGRATION_DRAFT = "integrations.edit";

export function CreateIntegrationDialog({ onClose }: { onClose: () => void }) {
  const create = trpc.integrations.create.useMutation(useDialogMutation({ refresh: (u) => u.integrations.list.invalidate(), onClose }));
  const t = useTranslations("integrations");
  return (
    <Modal draft={NEW_INTEGRATION_DRAFT} title={t("newIntegration")} onClose={onClose} wide>
      <IntegrationForm
        initial={EMPTY_VALUES}
        mode="create"
        mutation={create}
        onSubmit={(id, fields) => create.mutate({ ...fields, id: id === "" ? undefined : id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function EditIntegrationDialog(props: { integration: Integration; onClose: () => void; onSaved?: (saved: Integration) => void }) {
  const { integration, onClose, onSaved } = props;
  const update = trpc.integrations.update.useMutation(useDialogMutation({ refresh: (u) => u.integrations.invalidate(), onDone: onSaved, onClose }));
  const t = useTranslations("integrations.form");
  return (
    <Modal draft={EDIT_INTEGRATION_DRAFT} draftSubject={integration.id} title={t("editTitle", { name: integration.name })} onClose={onClose} wide>
      <IntegrationForm
        initial={valuesOf(integration)}
        currentLogo={integration.logo}
        mode="edit"
        mutation={update}
        onSubmit={(id, fields) => update.mutate({ ...fields, integration_id: integration.id, id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function DeleteIntegrationDialog(props: { integration: Integration; onClose: () => void; onDeleted: () => void }) {
  const { integration, onClose, onDeleted } = props;
  const remove = trpc.integrations.delete.useMutation(useDialogMutation({ refresh: (u) => u.integrations.invalidate(), onDone: onDeleted, onClose }));
  const t = useTranslations("integrations.form");
  return (
    <DeleteDialog what={t("what")} name={integration.name} id={integration.id} mutation={remove} input={{ integration_id: integration.id }} onClose={onClose} />
  );
}
