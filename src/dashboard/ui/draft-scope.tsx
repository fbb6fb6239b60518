"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc, type Me } from "../trpc";
import { dropDraft, dropOtherPeoplesDrafts, peekDraft, registerDraftPart, type DraftOwner } from "./draft-store";
import type { DraftParts } from "./form-draft";

/** The key a person's drafts are stored under. */
function personOf(me: Me): string {
  return me.userId ?? me.email;
}

/** Who is signed in and where a dialog named `dialog` sits; null until the session is known. */
function useDraftOwner(dialog: string | undefined): DraftOwner | null {
  const me = trpc.session.me.useQuery().data;
  const path = usePathname();
  if (!me || !dialog) return null;
  return { person: personOf(me), place: { dialog, path, environment: me.environment } };
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
 * sign in while typing in it). For a page's create button: `useDraftDialog("employees.create", create)`.
 */
export function useDraftDialog(dialog: string | undefined, open: () => void): void {
  const owner = useDraftOwner(dialog);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  const found = owner !== null && peekDraft(owner) !== null;
  useEffect(() => {
    if (found) openRef.current();
  }, [found]);
}

interface DraftScopeValue extends DraftOwner {
  /** The parts brought back from a kept draft, once, when the dialog opened. */
  restored: DraftParts | null;
}

const DraftScopeContext = createContext<DraftScopeValue | null>(null);

/**
 * Inside a dialog that keeps drafts (`<Modal draft="…">`): its form's parts register here, and a draft kept
 * for it is brought back, said in a notice, and forgotten.
 */
export function DraftScope({ dialog, children }: { dialog: string; children: ReactNode }) {
  const owner = useDraftOwner(dialog);
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
