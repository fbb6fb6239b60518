"use client";

import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { FormActions } from "../ui/form";
import { MessageFields } from "./message-fields";
import { restoreContent, restoreRecipients, type Message, type Recipient } from "./message-types";
import { useDraftState } from "../ui/draft-scope";

interface ComposeMessageFormProps {
  initialRecipients?: Recipient[];
  onSent: (message: Message) => void;
  onCancel?: () => void;
}

/** A Message to one or more Employees, shown on their employee app's home view. */
export function ComposeMessageForm({ initialRecipients = [], onSent, onCancel }: ComposeMessageFormProps) {
  const utils = trpc.useUtils();
  const t = useTranslations("messages");
  // In the New Message dialog these are its draft's parts; inline (an Employee's page) plain state.
  const [recipients, setRecipients] = useDraftState("recipients", initialRecipients, restoreRecipients);
  const [content, setContent] = useDraftState("content", "", restoreContent);
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
