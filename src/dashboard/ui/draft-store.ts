/**
 * The tab's form drafts: which open dialog's form may keep one (registered while it is mounted), and the drafts
 * kept in sessionStorage (this tab only, gone with it) under each person's own key. Rules: `form-draft.ts`.
 */
import { draftFor, draftKey, draftOfDialog, draftToKeep, otherPeoplesDraftKeys, type DraftParts, type DraftPlace, type TFormDraft } from "./form-draft";

/** Who types where: the person's key and the dialog's place. */
export interface DraftOwner {
  person: string;
  place: DraftPlace;
}

interface RegisteredPart extends DraftOwner {
  /** The part as it is now, without its secret fields. */
  read: () => unknown;
  /** The part as the form started, read the same way, to tell whether anything was typed. */
  initial: unknown;
}

/** The parts of the open dialog's form; one modal is open at a time, so they are one form's. */
const openParts = new Map<string, RegisteredPart>();

/** Registers a part of the open form (e.g. "fields"); the returned function unregisters it when the form goes. */
export function registerDraftPart(name: string, part: RegisteredPart): () => void {
  openParts.set(name, part);
  return () => {
    if (openParts.get(name) === part) openParts.delete(name);
  };
}

/** sessionStorage, or null where the browser refuses it (then nothing is kept, and nothing is promised). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the open form's draft, for its person; true when there was input and it was stored. */
export function keepOpenDraft(now = Date.now()): boolean {
  const [first] = openParts.values();
  const store = storage();
  if (!first || !store) return false;
  const parts: DraftParts = {};
  const initialParts: DraftParts = {};
  for (const [name, part] of openParts) {
    parts[name] = part.read();
    initialParts[name] = part.initial;
  }
  const draft = draftToKeep(first.place, parts, initialParts, now);
  if (!draft) return false;
  try {
    store.setItem(draftKey(first.person), JSON.stringify(draft));
    return true;
  } catch {
    return false; // storage full or refused
  }
}

/** The person's draft for this place, if one waits (it stays until `dropDraft`). */
export function peekDraft({ person, place }: DraftOwner, now = Date.now()): TFormDraft | null {
  return draftFor(storage()?.getItem(draftKey(person)) ?? null, place, now);
}

/** The person's draft of this dialog on this page, whatever its subject (the object an edit dialog was open on). */
export function peekDialogDraft({ person, place }: DraftOwner, now = Date.now()): TFormDraft | null {
  return draftOfDialog(storage()?.getItem(draftKey(person)) ?? null, place, now);
}

/** Forgets the person's draft: it has been brought back. */
export function dropDraft(person: string): void {
  storage()?.removeItem(draftKey(person));
}

/** Forgets every draft that is not `person`'s: someone else signed in on this tab. */
export function dropOtherPeoplesDrafts(person: string): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key) => key !== null);
  for (const key of otherPeoplesDraftKeys(keys, person)) store.removeItem(key);
}
