"use client";

import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ConfirmAction } from "../ui/confirm-dialog";
import { FormActions } from "../ui/form";
import { Modal } from "../ui/modal";
import { MessageFields } from "./message-fields";
import { EDIT_MESSAGE_DRAFT, messageExcerpt, restoreContent, restoreRecipients, type Message, type Recipient } from "./message-types";
import { useDraftState } from "../ui/draft-scope";

/** Edits text and recipients; the Employees it names see the new text in the employee app at once. */
export function EditMessageDialog({ message, onClose, onSaved }: { message: Message; onClose: () => void; onSaved: (saved: Message) => void }) {
  // The Message holds ids only; the picker shows names (the list has usually looked these up already).
  const lookups = trpc.useQueries((t) => message.employees.map((id) => t.employees.get({ employee_id: id }, { staleTime: 60_000, retry: false })));
  const loaded = lookups.every((q) => !q.isPending);
  const t = useTranslations("messages");
  const common = useTranslations("common");
  return (
    <Modal draft={EDIT_MESSAGE_DRAFT} draftSubject={message.id} title={t("editTitle")} onClose={onClose} wide>
      <p className="modal-lead">{t("editLead")}</p>
      {loaded ? (
        <EditMessageForm
          message={message}
          initialRecipients={message.employees.map((id, n) => ({ id, name: lookups[n]?.data?.name ?? id }))}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <p className="muted">{common("loading")}</p>
      )}
    </Modal>
  );
}

interface EditMessageFormProps {
  message: Message;
  initialRecipients: Recipient[];
  onClose: () => void;
  onSaved: (saved: Message) => void;
}

function EditMessageForm({ message, initialRecipients, onClose, onSaved }: EditMessageFormProps) {
  const [recipients, setRecipients] = useDraftState("recipients", initialRecipients, restoreRecipients);
  const [content, setContent] = useDraftState("content", message.content, restoreContent);
  const common = useTranslations("common");
  const update = trpc.messages.update.useMutation(useDialogMutation({ refresh: (u) => u.messages.invalidate(), onDone: onSaved, onClose }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    update.mutate({ message_id: message.id, employees: recipients.map((r) => r.id), content });
  }

  return (
    <form className="form compose-form" noValidate onSubmit={submit}>
      <MessageFields recipients={recipients} onRecipients={setRecipients} content={content} onContent={setContent} error={update.error} />
      <FormActions pending={update.isPending} submitLabel={common("saveChanges")} onCancel={onClose} />
    </form>
  );
}

/** Takes the Message off the employee app of everyone it went to; the Employees stay. */
export function DeleteMessageDialog({ message, onClose, onDeleted }: { message: Message; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.messages.delete.useMutation(useDialogMutation({ refresh: (u) => u.messages.list.invalidate(), onDone: onDeleted, onClose }));
  const t = useTranslations("messages");
  const common = useTranslations("common");
  const texts = { title: t("deleteTitle"), confirm: common("delete"), pending: common("deleting") };
  return (
    <ConfirmAction texts={texts} mutation={remove} input={{ message_id: message.id }} danger onClose={onClose}>
      <p>
        {t.rich("deleteBody", {
          excerpt: messageExcerpt(message.content),
          id: message.id,
          count: message.employees.length,
          strong: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
    </ConfirmAction>
  );
}
