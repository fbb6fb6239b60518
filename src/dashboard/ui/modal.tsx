"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/** A modal dialog: labelled by its title, closed with Escape, focus moved inside when it opens. */
export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("input, textarea, select, button:not(.modal-close)")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") latestOnClose.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={panel} className={wide ? "modal modal-wide" : "modal"} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
