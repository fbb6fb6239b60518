"use client";

import * as RadixTabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";

interface TabsProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** The panel the tabs switch; labelled by the selected tab. */
  children: ReactNode;
}

/** Tabs over one panel (a list filtered by the chosen tab), on Radix's: arrow keys, Home and End move between them. */
export function Tabs<V extends string>({ label, options, value, onChange, children }: TabsProps<V>) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(v) => {
        const chosen = options.find((o) => o.value === v);
        if (chosen) onChange(chosen.value);
      }}
    >
      <RadixTabs.List className="tabs" aria-label={label}>
        {options.map((o) => (
          <RadixTabs.Trigger key={o.value} value={o.value} className="tab">
            {o.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value}>{children}</RadixTabs.Content>
    </RadixTabs.Root>
  );
}
