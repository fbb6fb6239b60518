"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { FormActions } from "../ui/form";
import { MessageFields } from "./message-fields";
import type { Message, Recipient } from "./message-types";

interface ComposeMessageFormProps {
  initialRecipients?: Recipient[];
  onSent: (message: Message) => void;
  onCancel?: () => void;
}

/** A Message to one or more Employees, shown on their employee app's home view. */
export function ComposeMessageForm({ initialRecipients = [], onSent, onCancel }: ComposeMessageFormProps) {
  const utils = trpc.useUtils();
  const t = useTranslations("messages");
  const [recipients, setRecipients] = useState(initialRecipients);
  const [content, setContent] = useState("");
  const create = trpc.messages.create.useMutation({
    onSuccess: async (message) => {
      await utils.messages.list.invalidate();
      setContent("");
      onSent(message);
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({ employees: recipients.map((r) => r.id), content });
  }

  return (
    <form className="form compose-form" noValidate onSubmit={submit}>
      <MessageFields recipients={recipients} onRecipients={setRecipients} content={content} onContent={setContent} error={create.error} />
      <FormActions pending={create.isPending} submitLabel={t("send")} pendingLabel={t("sending")} onCancel={onCancel} />
    </form>
  );
}
