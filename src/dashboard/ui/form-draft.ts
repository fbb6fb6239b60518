/**
 * What an open dialog's form keeps when the session ends under it (issue 26, point 8): the typed values, in
 * this tab's sessionStorage under the person's own key, until they are signed in again and the dialog is back.
 * The pure parts; `draft-store.ts` reads and writes the storage.
 */
import { z } from "../zod";

/** A draft older than this is not restored: the person has moved on, and the page may have too. */
export const DRAFT_MAX_AGE_MS = 60 * 60 * 1000;

const KEY_PREFIX = "payroute.draft.";

/**
 * Where a draft belongs: the dialog (e.g. "employees.create") on its page, in one environment, and for a dialog
 * about one object (an edit dialog: "employees.edit"), that object's id as `subject`.
 */
export interface DraftPlace {
  dialog: string;
  path: string;
  environment: string;
  subject?: string;
}

/** The parts of one form's state (e.g. "fields", "events"), each as the form holds it. */
export type DraftParts = Record<string, unknown>;

export const ZFormDraft = z.object({
  dialog: z.string(),
  path: z.string(),
  environment: z.string(),
  subject: z.string().optional(),
  savedAt: z.number(),
  parts: z.record(z.string(), z.unknown()),
});
export type TFormDraft = z.infer<typeof ZFormDraft>;

/** The storage key of one person's draft: another person signing in on the tab looks under their own. */
export function draftKey(person: string): string {
  return KEY_PREFIX + person;
}

/** The storage keys of drafts that are not `person`'s, to be dropped once `person` is the one signed in. */
export function otherPeoplesDraftKeys(keys: readonly string[], person: string): string[] {
  const own = draftKey(person);
  return keys.filter((key) => key.startsWith(KEY_PREFIX) && key !== own);
}

/** A form part's values with the fields that must never be stored (passwords, codes, keys, secrets) taken out. */
export function withoutSecrets(values: object, secret: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !secret.includes(field)));
}

/**
 * The draft to keep, or null when nothing was typed (every part as it started): then there is nothing to
 * bring back, and the sign-in page does not promise it.
 */
export function draftToKeep(place: DraftPlace, parts: DraftParts, initialParts: DraftParts, now: number): TFormDraft | null {
  const typed = Object.keys(parts).some((part) => JSON.stringify(parts[part]) !== JSON.stringify(initialParts[part]));
  return typed ? { ...place, savedAt: now, parts } : null;
}

/** The stored draft if it is for this dialog, page, environment and subject and still fresh; anything unreadable is none. */
export function draftFor(raw: string | null, place: DraftPlace, now: number): TFormDraft | null {
  const draft = draftOfDialog(raw, place, now);
  return draft && draft.subject === place.subject ? draft : null;
}

/**
 * The stored draft of this dialog on this page and environment, whatever its subject: the page reads the subject
 * from it to open the dialog on the right object again (then `draftFor` gives the parts).
 */
export function draftOfDialog(raw: string | null, place: Omit<DraftPlace, "subject">, now: number): TFormDraft | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = ZFormDraft.safeParse(json);
  if (!parsed.success) return null;
  const draft = parsed.data;
  const samePlace = draft.dialog === place.dialog && draft.path === place.path && draft.environment === place.environment;
  const fresh = draft.savedAt <= now && now - draft.savedAt <= DRAFT_MAX_AGE_MS;
  return samePlace && fresh ? draft : null;
}

/** Text fields back from a draft: each field of `initial` the draft holds as text; others keep their start value. */
export function restoreText<V extends { [K in keyof V]: string }>(initial: V, stored: unknown): V {
  if (typeof stored !== "object" || stored === null) return initial;
  let values = initial;
  for (const [field, value] of Object.entries(stored)) {
    if (field in initial && typeof value === "string") values = { ...values, [field]: value };
  }
  return values;
}

/** A restore function for a part whose shape a zod schema gives: the stored value if it parses, else the start value. */
export function restoreParsed<S extends z.ZodType>(schema: S) {
  return (initial: z.output<S>, stored: unknown): z.output<S> => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : initial;
  };
}
