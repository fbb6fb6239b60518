"use client";

import { useState } from "react";
import { useDraftDialog } from "./draft-scope";

/** A list page's open dialog: creating, or an action (edit, delete…) on one row. */
export type RowDialog<T, K extends string> = { kind: "create" } | { kind: K; row: T } | null;

/** The drafts of a list's dialogs: the create dialog's name, and the edit dialog's with the rows to find its object among. */
export interface RowDialogDrafts<T> {
  create?: string;
  /** `rows` undefined while the list loads; the draft's object is looked for once they are there. */
  edit?: { dialog: string; rows: readonly T[] | undefined; idOf: (row: T) => string };
}

/**
 * Which of a list's create/edit/delete dialogs is open, and for which row: `open("edit")` is the row
 * button's handler, `close` every dialog's `onClose`. `drafts` names the dialogs' drafts (their
 * `<Modal draft>`): the page opens the dialog again, on the same row for an edit, when one waits after a sign-in.
 */
export function useRowDialog<T, K extends string = "edit" | "delete">(drafts: RowDialogDrafts<T> = {}) {
  const [dialog, setDialog] = useState<RowDialog<T, K | "edit">>(null);
  const create = () => setDialog({ kind: "create" });
  useDraftDialog(drafts.create, create);
  const edit = drafts.edit;
  useDraftDialog(
    edit?.dialog,
    (subject) => {
      const row = edit?.rows?.find((r) => edit.idOf(r) === subject);
      if (row) setDialog({ kind: "edit", row });
    },
    edit?.rows !== undefined,
  );
  return {
    dialog,
    create,
    open: (kind: K) => (row: T) => setDialog({ kind, row }),
    close: () => setDialog(null),
  };
}
