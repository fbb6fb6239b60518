import type { Checked } from "../errors";
import { metadataText, parseMetadata } from "../metadata";
import type { RouterInputs } from "../trpc";
import type { Webhook } from "./webhook-types";

export interface WebhookFormValues {
  id: string;
  url: string;
  /** Blank: a new subscription gets a generated one, an edited one keeps its own. */
  secret_key: string;
  /** JSON text, as typed. */
  metadata: string;
}

export type WebhookFields = RouterInputs["webhooks"]["create"];

export const EMPTY_WEBHOOK: WebhookFormValues = { id: "", url: "", secret_key: "", metadata: "" };

/** The form for an existing subscription; its secret is not prefilled (rotate or type a new one). */
export function webhookValues(w: Webhook): WebhookFormValues {
  return { id: w.id, url: w.url, secret_key: "", metadata: metadataText(w.metadata) };
}

const orUndefined = (text: string) => (text.trim() === "" ? undefined : text.trim());

/** The request fields; only metadata is checked here, the URL, events and secret are the server's to judge. */
export function toWebhookFields(values: WebhookFormValues, events: string[], metadataMessage: string): Checked<WebhookFields> {
  const metadata = parseMetadata(values.metadata);
  if (!metadata) return { ok: false, errors: { metadata: [metadataMessage] } };
  return {
    ok: true,
    fields: { id: orUndefined(values.id), url: values.url.trim(), events, secret_key: orUndefined(values.secret_key), metadata },
  };
}
