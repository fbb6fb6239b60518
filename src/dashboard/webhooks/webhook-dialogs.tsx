"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ConfirmAction, DeleteDialog } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { CopyButton } from "./secret-value";
import { WebhookForm } from "./webhook-form";
import { EMPTY_WEBHOOK, webhookValues } from "./webhook-form-values";
import type { EventInfo, Webhook } from "./webhook-types";

/** The create dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
export const NEW_WEBHOOK_DRAFT = "webhooks.create";
/** The edit dialog's draft, kept for the object it is open on (its id): the same rules as the create dialog's. */
export const EDIT_WEBHOOK_DRAFT = "webhooks.edit";

export function CreateWebhookDialog(props: { integrationName: string; catalogue: readonly EventInfo[]; onClose: () => void }) {
  const { integrationName, catalogue, onClose } = props;
  const create = trpc.webhooks.create.useMutation(useDialogMutation({ refresh: (u) => u.webhooks.list.invalidate(), onClose }));
  const t = useTranslations("webhooks.form");
  return (
    <Modal draft={NEW_WEBHOOK_DRAFT} title={t("createTitle")} lead={t("createLead", { integration: integrationName })} onClose={onClose} wide>
      <WebhookForm
        initial={EMPTY_WEBHOOK}
        initialEvents={[]}
        catalogue={catalogue}
        mode="create"
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
  const t = useTranslations("webhooks.form");
  return (
    <Modal draft={EDIT_WEBHOOK_DRAFT} draftSubject={webhook.id} title={t("editTitle")} onClose={onClose} wide>
      <WebhookForm
        initial={webhookValues(webhook)}
        initialEvents={webhook.events}
        catalogue={catalogue}
        mode="edit"
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
  const t = useTranslations("webhooks.form");
  return <DeleteDialog what={t("what")} name={webhook.url} id={webhook.id} mutation={remove} input={{ webhook_id: webhook.id }} onClose={onClose} />;
}

/** Asks first, since the receiver must learn the new secret; then shows it once more for copying. */
export function RotateSecretDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [rotated, setRotated] = useState<Webhook | null>(null);
  const t = useTranslations("webhooks.rotation");
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: async (saved) => {
      setRotated(saved);
      await utils.webhooks.invalidate();
    },
  });
  if (rotated) {
    return (
      <Modal title={t("doneTitle")} onClose={onClose}>
        <p>{t("doneLead")}</p>
        <p className="secret">
          <code data-testid="new-secret">{rotated.secret_key}</code>
          <CopyButton text={rotated.secret_key} label={t("copyNew")} />
        </p>
        <div className="form-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            {t("done")}
          </button>
        </div>
      </Modal>
    );
  }
  const texts = { title: t("title"), confirm: t("title"), pending: t("rotating") };
  return (
    <ConfirmAction texts={texts} mutation={rotate} input={{ webhook_id: webhook.id }} danger onClose={onClose}>
      <p>{t.rich("body", { url: webhook.url, code: (chunks) => <code>{chunks}</code> })}</p>
    </ConfirmAction>
  );
}
