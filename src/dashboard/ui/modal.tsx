"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { DraftScope } from "./draft-scope";
import { useReturnFocus } from "./return-focus";
import { SessionWarning } from "./session-warning";

interface ModalProps {
  title: string;
  /** A paragraph under the title: what the dialog is for, or what follows from it. */
  lead?: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /**
   * Names a dialog whose form keeps a draft (e.g. "employees.create"): when a request meets an ended session,
   * what is typed survives the sign-in and the page opens the dialog again (`useDraftDialog` with the same name).
   */
  draft?: string;
  /** The object an edit dialog's draft is about (its id): a draft comes back only to a dialog on the same object. */
  draftSubject?: string;
}

/**
 * A modal dialog on Radix's: labelled by its title, focus held inside and given back to what opened it,
 * closed with Escape or ×. Clicks outside do not close it, so a half-filled form is not lost by accident.
 */
export function Modal({ title, lead, onClose, children, wide, draft, draftSubject }: ModalProps) {
  const returnFocus = useReturnFocus();
  const t = useTranslations("common");
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* Radix's scrollable-overlay layout: a long form scrolls inside the backdrop. */}
        <Dialog.Overlay className="modal-backdrop">
          <Dialog.Content
            className={wide ? "modal modal-wide" : "modal"}
            aria-describedby={undefined}
            onInteractOutside={(e) => e.preventDefault()}
            // Radix hears Escape first (on the document); while a combobox's list is open, the Escape closes only that list.
            onEscapeKeyDown={(e) => {
              if (e.target instanceof HTMLElement && e.target.getAttribute("aria-expanded") === "true") e.preventDefault();
            }}
            onOpenAutoFocus={(e) => {
              // The first field rather than the × button, which comes first in the header (the event's target is the dialog).
              const first = e.target instanceof HTMLElement ? e.target.querySelector<HTMLElement>("input, textarea, select, button:not(.modal-close)") : null;
              if (first) {
                e.preventDefault();
                first.focus();
              }
            }}
            onCloseAutoFocus={returnFocus}
          >
            <div className="modal-header">
              <Dialog.Title>{title}</Dialog.Title>
              <Dialog.Close className="modal-close" aria-label={t("close")}>
                ×
              </Dialog.Close>
            </div>
            <SessionWarning placement="dialog" />
            {lead && <p className="modal-lead">{lead}</p>}
            {draft ? (
              <DraftScope dialog={draft} subject={draftSubject}>
                {children}
              </DraftScope>
            ) : (
              children
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
