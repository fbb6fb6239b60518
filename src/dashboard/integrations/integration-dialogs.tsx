"use client";

import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { IntegrationForm } from "./integration-form";
import { EMPTY_VALUES, valuesOf } from "./integration-form-values";
import type { Integration } from "./integration-types";

export function CreateIntegrationDialog({ onClose }: { onClose: () => void }) {
  const create = trpc.integrations.create.useMutation(useDialogMutation({ refresh: (u) => u.integrations.list.invalidate(), onClose }));
  return (
    <Modal title="New Integration" onClose={onClose} wide>
      <IntegrationForm
        initial={EMPTY_VALUES}
        idHint="Optional: your own reference. Left blank, one is generated."
        submitLabel="Create Integration"
        mutation={create}
        onSubmit={(id, fields) => create.mutate({ ...fields, id: id === "" ? undefined : id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function EditIntegrationDialog({ integration, onClose }: { integration: Integration; onClose: () => void }) {
  const update = trpc.integrations.update.useMutation(useDialogMutation({ refresh: (u) => u.integrations.invalidate(), onClose }));
  return (
    <Modal title={`Edit ${integration.name}`} onClose={onClose} wide>
      <IntegrationForm
        initial={valuesOf(integration)}
        currentLogo={integration.logo}
        idHint="Changing it changes the Integration's URL in the API."
        submitLabel="Save changes"
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
  return (
    <DeleteDialog
      what="Integration"
      name={integration.name}
      id={integration.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ integration_id: integration.id })}
      onClose={onClose}
    />
  );
}
