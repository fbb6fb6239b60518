"use client";

import { useState } from "react";
import { useDraftDialog } from "./draft-scope";

/** A list page's open dialog: creating, or an action (edit, delete…) on one row. */
export type RowDialog<T, K extends string> = { kind: "create" } | { kind: K; row: T } | null;

/**
 * Which of a list's create/edit/delete dialogs is open, and for which row: `open("edit")` is the row
 * button's handler, `close` every dialog's `onClose`. `createDraft` names the create dialog's draft (its
 * `<Modal draft>`): the page opens it again when one waits after a sign-in.
 */
export function useRowDialog<T, K extends string = "edit" | "delete">(createDraft?: string) {
  const [dialog, setDialog] = useState<RowDialog<T, K>>(null);
  const create = () => setDialog({ kind: "create" });
  useDraftDialog(createDraft, create);
  return {
    dialog,
    create,
    open: (kind: K) => (row: T) => setDialog({ kind, row }),
    close: () => setDialog(null),
  };
}
