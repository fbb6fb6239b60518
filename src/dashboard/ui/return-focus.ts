"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * Radix gives focus back to a dialog's Trigger on close; our dialogs are opened from state (a row's button,
 * a page's action), with no Trigger. This remembers what had focus when the dialog mounted and returns
 * focus there, as `onCloseAutoFocus`; when that element is gone (its row deleted), Radix's default stands.
 */
export function useReturnFocus(): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before Radix's focus scope (a passive effect) moves focus into the dialog.
  useLayoutEffect(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement ? active : null;
  }, []);
  return (event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
}
