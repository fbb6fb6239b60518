"use client";

import { useTranslations } from "use-intl";
import { z } from "../zod";
import { useDraftState } from "../ui/draft-scope";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues, useSubmitLabel, type ResourceFormProps } from "../ui/form";
import { EventPicker } from "./event-picker";
import { EMPTY_WEBHOOK, toWebhookFields, type WebhookFields, type WebhookFormValues } from "./webhook-form-values";
import type { EventInfo } from "./webhook-types";
import { restoreParsed } from "../ui/form-draft";

const FORM_FIELDS = [...Object.keys(EMPTY_WEBHOOK), "events"];
const restoreEvents = restoreParsed(z.array(z.string()));

interface WebhookFormProps extends ResourceFormProps<WebhookFormValues, (fields: WebhookFields) => void> {
  initialEvents: string[];
  catalogue: readonly EventInfo[];
}

/** A subscription: where to POST, which events, and optionally its id, secret and metadata. */
export function WebhookForm({ initial, initialEvents, catalogue, mode, mutation, onSubmit, onCancel }: WebhookFormProps) {
  // The signing secret is never kept in a draft.
  const { values, bind } = useFormValues(initial, ["secret_key"]);
  const [events, setEvents] = useDraftState("events", initialEvents, restoreEvents);
  const t = useTranslations("webhooks.form");
  const common = useTranslations("common");
  const { errors, sendChecked } = useFormErrors(mutation.error);
  const submitLabel = useSubmitLabel(mode, t("create"));
  const submit = () => sendChecked(toWebhookFields(values, events, common("metadataInvalid")), onSubmit);

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t("url")} type="url" required hint={t("urlHint")} className="span-2" errors={errors.url} {...bind("url")} />
      <EventPicker catalogue={catalogue} value={events} onChange={setEvents} errors={errors.events} />
      <TextField label={t("id")} hint={mode === "create" ? t("createIdHint") : t("editIdHint")} errors={errors.id} {...bind("id")} />
      <TextField
        label={t("secret")}
        hint={mode === "create" ? t("createSecretHint") : t("editSecretHint")}
        autoComplete="off"
        errors={errors.secret_key}
        {...bind("secret_key")}
      />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
    </ServerCheckedForm>
  );
}
