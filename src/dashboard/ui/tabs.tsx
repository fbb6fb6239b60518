"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface TabsProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** The panel the tabs switch; labelled by the selected tab. */
  children: ReactNode;
}

/** Tabs over one panel (a list filtered by the chosen tab), with arrow keys moving between them. */
export function Tabs<V extends string>({ label, options, value, onChange, children }: TabsProps<V>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: V) => `${id}-tab-${v}`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const at = options.findIndex((o) => o.value === value);
    const next = options[(at + step + options.length) % options.length];
    onChange(next.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.value))}`)?.focus();
  }

  return (
    <>
      <div ref={list} className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {options.map((o) => (
          <button
            key={o.value}
            id={tabId(o.value)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={o.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={o.value === value ? 0 : -1}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(value)}>
        {children}
      </div>
    </>
  );
}
