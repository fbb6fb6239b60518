"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { Me } from "../trpc";
import { SideNav } from "./side-nav";
import { SessionControls } from "./session-controls";

/**
 * Narrow windows (CSS hides the side navigation and the top bar's controls below 900 px): a Menu button
 * opens both as a drawer. Radix's dialog traps focus, closes on Escape and returns focus to the button.
 */
export function MenuDrawer({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const t = useTranslations();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="menu-button" aria-label={t("shell.menu")}>
        <span aria-hidden="true">☰</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer-header">
            <Dialog.Title className="drawer-title">{t("shell.menu")}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={t("common.close")}>
              ×
            </Dialog.Close>
          </div>
          <div className="drawer-session">
            <span className="account">{me.account ?? t("shell.operations")}</span>
            <SessionControls me={me} />
          </div>
          <SideNav role={me.role} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
