"use client";

import { trpc } from "../trpc";
import type { NoticeValue } from "./notice";

type Utils = ReturnType<typeof trpc.useUtils>;

/** Invalidates the cached queries a change makes stale, e.g. `(u) => u.employees.list.invalidate()`. */
export type Refresh = (utils: Utils) => Promise<unknown>;

interface DialogMutation<T> {
  /** The cached queries the change makes stale. */
  refresh: Refresh;
  /** Told first, with the server's answer: a notice, or the saved object for the page. */
  onDone?: (data: T) => void;
  onClose: () => void;
  /**
   * Refresh on a refusal too: for actions on objects someone else may have changed first (closing, paying,
   * reviewing), so that the page shows them as they are now. The error stays on the mutation. A function
   * refreshes more than success does: deleting a Payrun refreshes only the list the page goes back to, but
   * a refusal leaves the person on the Payrun's page, which must show it as it is now.
   */
  refreshOnError?: boolean | Refresh;
}

/**
 * The options of a create, edit or delete dialog's tRPC mutation: on success tell the page, refresh what
 * changed, close. Errors stay on the mutation, for the dialog to show in place.
 *   trpc.employees.create.useMutation(useDialogMutation({ refresh: (u) => u.employees.list.invalidate(), onClose }))
 */
export function useDialogMutation<T>({ refresh, onDone, onClose, refreshOnError = false }: DialogMutation<T>) {
  const utils = trpc.useUtils();
  const refreshAfterError = refreshOnError === true ? refresh : refreshOnError || undefined;
  return {
    onSuccess: async (data: T) => {
      onDone?.(data);
      await refresh(utils);
      onClose();
    },
    onError: refreshAfterError ? () => refreshAfterError(utils) : undefined,
  };
}

/**
 * The options of a dialog's mutation whose success the page tells in a notice ("The key abc… is revoked.");
 * a refusal refreshes too, since someone else may have acted first (revoked, removed, decided).
 */
export function useNoticeMutation(refresh: Refresh, notice: string, onNotice: (n: NoticeValue) => void, onClose: () => void) {
  return useDialogMutation({ refresh, onDone: () => onNotice({ kind: "success", text: notice }), onClose, refreshOnError: true });
}
