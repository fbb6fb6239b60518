"use client";

import type { ReactNode } from "react";
import type { TrpcError } from "../trpc";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: TrpcError | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone; the server's refusal (e.g. a 409) is shown in place. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, pendingLabel, pending, error, danger, onConfirm, onClose } = props;
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      {error && (
        <div className="alert alert-error" role="alert">
          {error.message}
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={danger ? "button button-danger" : "button button-primary"} disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

interface DeleteDialogProps {
  /** What is deleted, e.g. "Employee": the title is "Delete Employee". */
  what: string;
  name: string;
  id: string;
  pending: boolean;
  error: TrpcError | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Delete <name> (<id>)? This cannot be undone." */
export function DeleteDialog({ what, name, id, pending, error, onConfirm, onClose }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      title={`Delete ${what}`}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={pending}
      error={error}
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        Delete <strong>{name}</strong> (<code>{id}</code>)? This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
