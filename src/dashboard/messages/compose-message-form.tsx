"use client";

import { useState, type FormEvent } from "react";
import { fieldMessages } from "../errors";
import { trpc } from "../trpc";
import { Field } from "../ui/field";
import { FormActions } from "../ui/form";
import type { Message, Recipient } from "./message-types";
import { RecipientPicker } from "./recipient-picker";

interface ComposeMessageFormProps {
  initialRecipients?: Recipient[];
  onSent: (message: Message) => void;
  onCancel?: () => void;
}

/** A Message to one or more Employees, shown on their employee app's home view. */
export function ComposeMessageForm({ initialRecipients = [], onSent, onCancel }: ComposeMessageFormProps) {
  const utils = trpc.useUtils();
  const [recipients, setRecipients] = useState(initialRecipients);
  const [content, setContent] = useState("");
  const create = trpc.messages.create.useMutation({
    onSuccess: async (message) => {
      await utils.messages.list.invalidate();
      setContent("");
      onSent(message);
    },
  });
  const errors = fieldMessages(create.error);
  const hasFieldErrors = Object.keys(errors).length > 0;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({ employees: recipients.map((r) => r.id), content });
  }

  return (
    <form className="form compose-form" noValidate onSubmit={submit}>
      {create.error && (
        <div className="alert alert-error" role="alert">
          {hasFieldErrors ? "Please correct the highlighted fields." : create.error.message}
        </div>
      )}
      <RecipientPicker value={recipients} onChange={setRecipients} errors={errors.employees} />
      <Field label="Message" errors={errors.content} required hint="Plain text; the Employees see it in the employee app.">
        {(control) => <textarea {...control} rows={4} className="prose-input" value={content} onChange={(e) => setContent(e.target.value)} />}
      </Field>
      <FormActions pending={create.isPending} submitLabel="Send Message" pendingLabel="Sending…" onCancel={onCancel} />
    </form>
  );
}
