/** Timestamps as the reader's browser shows dates; the API's values are ISO 8601 in UTC. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** With seconds, where they matter: delivery attempts and retries come seconds apart. */
export function formatDateTimeSeconds(iso: string): string {
  return dateTimeSeconds.format(new Date(iso));
}
