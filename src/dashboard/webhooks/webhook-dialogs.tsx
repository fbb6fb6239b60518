"use client";

import { useState } from "react";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ConfirmDialog, DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { CopyButton } from "./secret-value";
import { WebhookForm } from "./webhook-form";
import { EMPTY_WEBHOOK, webhookValues } from "./webhook-form-values";
import type { EventInfo, Webhook } from "./webhook-types";

export function CreateWebhookDialog(props: { integrationName: string; catalogue: readonly EventInfo[]; onClose: () => void }) {
  const { integrationName, catalogue, onClose } = props;
  const create = trpc.webhooks.create.useMutation(useDialogMutation({ refresh: (u) => u.webhooks.list.invalidate(), onClose }));
  return (
    <Modal title="New webhook subscription" onClose={onClose} wide>
      <p className="modal-lead">It belongs to {integrationName} and may subscribe to any event.</p>
      <WebhookForm
        initial={EMPTY_WEBHOOK}
        initialEvents={[]}
        catalogue={catalogue}
        mode="create"
        submitLabel="Create subscription"
        mutation={create}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function EditWebhookDialog(props: { webhook: Webhook; catalogue: readonly EventInfo[]; onClose: () => void; onSaved?: (saved: Webhook) => void }) {
  const { webhook, catalogue, onClose, onSaved } = props;
  const update = trpc.webhooks.update.useMutation(useDialogMutation({ refresh: (u) => u.webhooks.invalidate(), onDone: onSaved, onClose }));
  return (
    <Modal title="Edit webhook subscription" onClose={onClose} wide>
      <WebhookForm
        initial={webhookValues(webhook)}
        initialEvents={webhook.events}
        catalogue={catalogue}
        mode="edit"
        submitLabel="Save changes"
        mutation={update}
        onSubmit={(fields) => update.mutate({ ...fields, webhook_id: webhook.id })}
        onCancel={onClose}
      />
    </Modal>
  );
}

export function DeleteWebhookDialog(props: { webhook: Webhook; onClose: () => void; onDeleted: () => void }) {
  const { webhook, onClose, onDeleted } = props;
  const remove = trpc.webhooks.delete.useMutation(useDialogMutation({ refresh: (u) => u.webhooks.list.invalidate(), onDone: onDeleted, onClose }));
  return (
    <DeleteDialog
      what="webhook subscription"
      name={webhook.url}
      id={webhook.id}
      mutation={remove}
      onConfirm={() => remove.mutate({ webhook_id: webhook.id })}
      onClose={onClose}
    />
  );
}

/** Asks first, since the receiver must learn the new secret; then shows it once more for copying. */
export function RotateSecretDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [rotated, setRotated] = useState<Webhook | null>(null);
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: async (saved) => {
      setRotated(saved);
      await utils.webhooks.invalidate();
    },
  });
  if (rotated) {
    return (
      <Modal title="Secret rotated" onClose={onClose}>
        <p>Deliveries are signed with the new secret from now on. Give it to your receiver:</p>
        <p className="secret">
          <code data-testid="new-secret">{rotated.secret_key}</code>
          <CopyButton text={rotated.secret_key} label="Copy new secret" />
        </p>
        <div className="form-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      title="Rotate secret"
      confirmLabel="Rotate secret"
      pendingLabel="Rotating…"
      mutation={rotate}
      danger
      onConfirm={() => rotate.mutate({ webhook_id: webhook.id })}
      onClose={onClose}
    >
      <p>
        Replace the secret of <code>{webhook.url}</code>? Deliveries are signed with the new one at once, so a receiver that checks
        signatures rejects them until it has it.
      </p>
    </ConfirmDialog>
  );
}
