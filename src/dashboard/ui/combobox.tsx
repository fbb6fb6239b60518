"use client";

import { Command } from "cmdk";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import type { FieldControl } from "./field";

export interface ComboboxOption {
  /** What `onPick` receives; unique in the list. */
  value: string;
  content: ReactNode;
  /** Marks the option that is the field's current choice. */
  chosen?: boolean;
}

interface ComboboxProps {
  control: FieldControl;
  text: string;
  onTextChange: (text: string) => void;
  /** The matches for `text`, best first; the caller filters (cmdk's own filter is off). */
  options: ComboboxOption[];
  onPick: (value: string) => void;
  onBlur?: () => void;
  /** Called when the list opens (focus, typing, an arrow key): a list from the server starts loading then. */
  onOpen?: () => void;
  /** The list's accessible name, e.g. "Matching Employees". */
  listLabel: string;
  placeholder?: string;
  /** Whether the list has anything to show yet (false while the first answer is on its way). */
  ready?: boolean;
  /** Lines under the list: "No Employees match.", "12 more". */
  notes?: ReactNode;
}

/**
 * A text input with a list of matches below it, on cmdk: arrow keys move through the matches (cmdk), Enter
 * picks, Escape closes the list. The input is cmdk's, but keeps the `Field`'s id and description so that its
 * visible label names it (cmdk would name it by a hidden label of its own) and says whether the list is open.
 */
export function Combobox({ control, text, onTextChange, options, onPick, onBlur, onOpen, listLabel, placeholder, ready = true, notes }: ComboboxProps) {
  const [open, setOpenState] = useState(false);
  function setOpen(next: boolean) {
    setOpenState(next);
    if (next) onOpen?.();
  }
  const shown = open && ready;
  const expanded = shown && options.length > 0;

  function pick(value: string) {
    onPick(value);
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Tab") {
      // Tab leaves the field: the list closes before the focus moves, so that the focus never lands in a list
      // that is about to unmount (the dialog would take it back and trap the keyboard on this field).
      flushSync(() => setOpen(false));
    } else if (e.key === "Escape" && open) {
      // The surrounding Modal lets an open list take this Escape (see modal.tsx).
      setOpen(false);
    } else if ((e.key === "ArrowDown" || e.key === "ArrowUp") && !open) {
      setOpen(true);
    } else if (e.key === "Home" || e.key === "End" || (e.key === "Enter" && !expanded)) {
      // The caret's keys, and Enter that submits the form while no list is shown: not cmdk's.
      e.stopPropagation();
    }
  }

  return (
    <Command className="combobox" shouldFilter={false} loop vimBindings={false}>
      <Command.Input
        asChild
        value={text}
        onValueChange={(next) => {
          onTextChange(next);
          setOpen(true);
        }}
      >
        <input
          {...control}
          // cmdk's own id, hidden label and "always expanded" would replace the Field's.
          aria-labelledby={undefined}
          aria-expanded={expanded}
          // cmdk moves focus to its own input id when this attribute is present; ours keeps the Field's id.
          cmdk-input={undefined}
          placeholder={placeholder}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
      </Command.Input>
      {shown && (
        <div className="combobox-popup">
          {/* Not a Tab stop: a scrolling list would be one in Chrome, and it is reached by the arrow keys. */}
          <Command.List label={listLabel} className="combobox-list" tabIndex={-1}>
            {options.map((o) => (
              <Command.Item
                key={o.value}
                value={o.value}
                className="combobox-option"
                data-chosen={o.chosen ? "true" : undefined}
                // Before the input's blur, so that the click still lands on an open list.
                onMouseDown={(event) => event.preventDefault()}
                onSelect={pick}
              >
                {o.content}
              </Command.Item>
            ))}
          </Command.List>
          {notes}
        </div>
      )}
    </Command>
  );
}
