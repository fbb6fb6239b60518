"use client";

import { fieldMessages } from "../errors";
import type { TrpcError } from "../trpc";
import { Field } from "../ui/field";
import type { Recipient } from "./message-types";
import { RecipientPicker } from "./recipient-picker";

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
  return (
    <>
      {error && (
        <div className="alert alert-error" role="alert">
          {hasFieldErrors ? "Please correct the highlighted fields." : error.message}
        </div>
      )}
      <RecipientPicker value={recipients} onChange={onRecipients} errors={errors.employees} />
      <Field label="Message" errors={errors.content} required hint="Plain text; the Employees see it in the employee app.">
        {(control) => <textarea {...control} rows={4} className="prose-input" value={content} onChange={(e) => onContent(e.target.value)} />}
      </Field>
    </>
  );
}
