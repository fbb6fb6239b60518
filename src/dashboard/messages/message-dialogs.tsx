"use client";

import { useState, type FormEvent } from "react";
import { trpc } from "../trpc";
import { useDialogMutation } from "../ui/dialog-mutation";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FormActions } from "../ui/form";
import { Modal } from "../ui/modal";
import { MessageFields } from "./message-fields";
import { messageExcerpt, type Message, type Recipient } from "./message-types";

/** Edits text and recipients; the Employees it names see the new text in the employee app at once. */
export function EditMessageDialog({ message, onClose, onSaved }: { message: Message; onClose: () => void; onSaved: (saved: Message) => void }) {
  // The Message holds ids only; the picker shows names (the list has usually looked these up already).
  const lookups = trpc.useQueries((t) => message.employees.map((id) => t.employees.get({ employee_id: id }, { staleTime: 60_000, retry: false })));
  const loaded = lookups.every((q) => !q.isPending);
  return (
    <Modal title="Edit Message" onClose={onClose} wide>
      <p className="modal-lead">Employees taken off the list no longer see it; those added see it among their Messages.</p>
      {loaded ? (
        <EditMessageForm
          message={message}
          initialRecipients={message.employees.map((id, n) => ({ id, name: lookups[n]?.data?.name ?? id }))}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <p className="muted">Loading…</p>
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
  const [recipients, setRecipients] = useState(initialRecipients);
  const [content, setContent] = useState(message.content);
  const update = trpc.messages.update.useMutation(useDialogMutation({ refresh: (u) => u.messages.invalidate(), onDone: onSaved, onClose }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    update.mutate({ message_id: message.id, employees: recipients.map((r) => r.id), content });
  }

  return (
    <form className="form compose-form" noValidate onSubmit={submit}>
      <MessageFields recipients={recipients} onRecipients={setRecipients} content={content} onContent={setContent} error={update.error} />
      <FormActions pending={update.isPending} submitLabel="Save changes" onCancel={onClose} />
    </form>
  );
}

/** Takes the Message off the employee app of everyone it went to; the Employees stay. */
export function DeleteMessageDialog({ message, onClose, onDeleted }: { message: Message; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.messages.delete.useMutation(useDialogMutation({ refresh: (u) => u.messages.list.invalidate(), onDone: onDeleted, onClose }));
  return (
    <ConfirmDialog
      title="Delete Message"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      mutation={remove}
      danger
      onConfirm={() => remove.mutate({ message_id: message.id })}
      onClose={onClose}
    >
      <p>
        Delete <strong>{messageExcerpt(message.content)}</strong> (<code>{message.id}</code>)? The{" "}
        {message.employees.length === 1 ? "Employee it went to no longer sees it" : `${message.employees.length} Employees it went to no longer see it`}. This
        cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
