"use client";

import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import type { TrpcError } from "../trpc";
import { Field } from "../ui/field";
import type { Recipient } from "./message-types";
import { RecipientPicker } from "./recipient-picker";
import { ErrorAlert } from "../ui/alert";

interface MessageFieldsProps {
  recipients: Recipient[];
  onRecipients: (value: Recipient[]) => void;
  content: string;
  onContent: (value: string) => void;
  error: TrpcError | null;
}

/** A Message's recipients and text with the server's messages for them; shared by compose and edit. */
export function MessageFields({ recipients, onRecipients, content, onContent, error }: MessageFieldsProps) {
  const errors = fieldMessages(error);
  const hasFieldErrors = Object.keys(errors).length > 0;
  const t = useTranslations("messages");
  const common = useTranslations("common");
  return (
    <>
      {error && <ErrorAlert>{hasFieldErrors ? common("correctFields") : error.message}</ErrorAlert>}
      <RecipientPicker value={recipients} onChange={onRecipients} errors={errors.employees} />
      <Field label={t("field")} errors={errors.content} required hint={t("fieldHint")}>
        {(control) => <textarea {...control} rows={4} className="prose-input" value={content} onChange={(e) => onContent(e.target.value)} />}
      </Field>
    </>
  );
}
