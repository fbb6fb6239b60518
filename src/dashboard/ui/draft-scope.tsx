"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc, type Me } from "../trpc";
import { dropDraft, dropOtherPeoplesDrafts, peekDialogDraft, peekDraft, registerDraftPart, type DraftOwner } from "./draft-store";
import type { DraftParts } from "./form-draft";

/** The key a person's drafts are stored under. */
function personOf(me: Me): string {
  return me.userId ?? me.email;
}

/** Who is signed in and where a dialog named `dialog` (about `subject`, if any) sits; null until the session is known. */
function useDraftOwner(dialog: string | undefined, subject?: string): DraftOwner | null {
  const me = trpc.session.me.useQuery().data;
  const path = usePathname();
  if (!me || !dialog) return null;
  return { person: personOf(me), place: { dialog, path, environment: me.environment, ...(subject === undefined ? {} : { subject }) } };
}

/** Drafts of anyone but the signed-in person are dropped: another person signed in on this tab. */
export function useForgetOtherPeoplesDrafts(me: Me | null | undefined): void {
  const person = me ? personOf(me) : null;
  useEffect(() => {
    if (person) dropOtherPeoplesDrafts(person);
  }, [person]);
}

/**
 * Opens the dialog named `dialog` when a draft of it waits for this person on this page (they were sent to
 * sign in while typing in it). For a page's create button: `useDraftDialog("employees.create", create)`. An
 * edit dialog's draft names its object: `open` is given that id (`subject`), and `ready` waits until the page
 * has the objects to find it among (e.g. its list loaded).
 */
export function useDraftDialog(dialog: string | undefined, open: (subject: string | undefined) => void, ready = true): void {
  const owner = useDraftOwner(dialog);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  const waiting = owner !== null && ready ? peekDialogDraft(owner) : null;
  // One string, so that the effect runs once per waiting draft, not on every render.
  const found = waiting ? `subject:${waiting.subject ?? ""}` : null;
  const subject = waiting?.subject;
  useEffect(() => {
    if (found !== null) openRef.current(subject);
  }, [found, subject]);
}

interface DraftScopeValue extends DraftOwner {
  /** The parts brought back from a kept draft, once, when the dialog opened. */
  restored: DraftParts | null;
}

const DraftScopeContext = createContext<DraftScopeValue | null>(null);

/**
 * Inside a dialog that keeps drafts (`<Modal draft="…">`, with `draftSubject` when it is about one object): its
 * form's parts register here, and a draft kept for it is brought back, said in a notice, and forgotten.
 */
export function DraftScope({ dialog, subject, children }: { dialog: string; subject?: string; children: ReactNode }) {
  const owner = useDraftOwner(dialog, subject);
  const t = useTranslations("common");
  const [scope] = useState<DraftScopeValue | null>(() => owner && { ...owner, restored: peekDraft(owner)?.parts ?? null });
  useEffect(() => {
    if (scope?.restored) dropDraft(scope.person);
  }, [scope]);
  return (
    <DraftScopeContext.Provider value={scope}>
      {scope?.restored && (
        <p className="alert alert-info" role="status">
          {t("draftRestored")}
        </p>
      )}
      {children}
    </DraftScopeContext.Provider>
  );
}

/**
 * A part of a form's state (`useState`'s pair) that a dialog's draft keeps: started from the draft when one was
 * brought back (`restore` checks what was stored), read when a request meets an ended session. `keep` takes
 * out what must never be stored (passwords, codes, secrets).
 */
export function useDraftState<V>(part: string, initial: V, restore: (initial: V, stored: unknown) => V, keep: (values: V) => unknown = (v) => v) {
  const scope = useContext(DraftScopeContext);
  const [values, setValues] = useState<V>(() => {
    const stored = scope?.restored?.[part];
    return stored === undefined ? initial : restore(initial, stored);
  });
  const latest = useRef({ values, initial, keep });
  useEffect(() => {
    latest.current = { ...latest.current, values, keep };
  });
  useEffect(() => {
    if (!scope) return;
    const now = latest.current;
    return registerDraftPart(part, {
      person: scope.person,
      place: scope.place,
      read: () => latest.current.keep(latest.current.values),
      initial: now.keep(now.initial),
    });
  }, [scope, part]);
  return [values, setValues] as const;
}

/** On an object's own page: opens its edit dialog (`dialog`) again when a draft of it, for this object, waits. */
export function useObjectDraftDialog(dialog: string, id: string, open: () => void): void {
  useDraftDialog(dialog, (subject) => {
    if (subject === id) open();
  });
}
