"use client";

import { useState } from "react";

/** A list page's open dialog: creating, or an action (edit, delete…) on one row. */
export type RowDialog<T, K extends string> = { kind: "create" } | { kind: K; row: T } | null;

/**
 * Which of a list's create/edit/delete dialogs is open, and for which row: `open("edit")` is the row
 * button's handler, `close` every dialog's `onClose`.
 */
export function useRowDialog<T, K extends string = "edit" | "delete">() {
  const [dialog, setDialog] = useState<RowDialog<T, K>>(null);
  return {
    dialog,
    create: () => setDialog({ kind: "create" }),
    open: (kind: K) => (row: T) => setDialog({ kind, row }),
    close: () => setDialog(null),
  };
}
