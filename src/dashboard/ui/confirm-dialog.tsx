"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { MutationState } from "../trpc";
import { useReturnFocus } from "./return-focus";
import { ErrorAlert } from "./alert";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  mutation: MutationState;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (Radix's alert dialog: focus starts on Cancel, is held
 * inside and returns to what opened it; Escape cancels); the server's refusal (e.g. a 409) is shown in place.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, pendingLabel, mutation, danger, onConfirm, onClose } = props;
  const { isPending: pending, error } = mutation;
  const returnFocus = useReturnFocus();
  const t = useTranslations("common");
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-backdrop">
          <AlertDialog.Content className="modal" onCloseAutoFocus={returnFocus}>
            <div className="modal-header">
              <AlertDialog.Title>{title}</AlertDialog.Title>
            </div>
            <AlertDialog.Description asChild>
              <div>{children}</div>
            </AlertDialog.Description>
            {error && <ErrorAlert>{error.message}</ErrorAlert>}
            <div className="form-actions">
              <AlertDialog.Cancel className="button">{t("cancel")}</AlertDialog.Cancel>
              {/* Not AlertDialog.Action, which would close at once: the dialog stays open until the server has answered. */}
              <button type="button" className={danger ? "button button-danger" : "button button-primary"} disabled={pending} onClick={onConfirm}>
                {pending ? pendingLabel : confirmLabel}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A confirm dialog's own words: its title, the confirm button's label, and that label while the request runs. */
export interface ConfirmTexts {
  title: string;
  confirm: string;
  pending: string;
}

interface ConfirmActionProps<I> {
  texts: ConfirmTexts;
  /** The mutation the confirm button runs, and what it sends, e.g. `{ payrun_id }`. */
  mutation: MutationState & { mutate: (input: I) => void };
  input: I;
  danger?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A ConfirmDialog whose confirm button sends `input` to one mutation; what follows success is the mutation's (e.g. `useDialogMutation`). */
export function ConfirmAction<I>({ texts, mutation, input, danger, onClose, children }: ConfirmActionProps<I>) {
  return (
    <ConfirmDialog
      title={texts.title}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      mutation={mutation}
      danger={danger}
      onConfirm={() => mutation.mutate(input)}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}

interface DeleteDialogProps<I> {
  /** What is deleted, in the reader's language, e.g. "Employee": the title is "Delete Employee". */
  what: string;
  name: string;
  id: string;
  /** The delete mutation and what Delete sends it, e.g. `{ employee_id }`. */
  mutation: MutationState & { mutate: (input: I) => void };
  input: I;
  onClose: () => void;
}

/** "Delete <name> (<id>)? This cannot be undone." */
export function DeleteDialog<I>({ what, name, id, mutation, input, onClose }: DeleteDialogProps<I>) {
  const t = useTranslations("common");
  const texts = { title: t("deleteTitle", { what }), confirm: t("delete"), pending: t("deleting") };
  return (
    <ConfirmAction texts={texts} mutation={mutation} input={input} danger onClose={onClose}>
      <p>{t.rich("deleteBody", { name, id, strong: (chunks) => <strong>{chunks}</strong>, code: (chunks) => <code>{chunks}</code> })}</p>
    </ConfirmAction>
  );
}
