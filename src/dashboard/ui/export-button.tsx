"use client";

import { useState } from "react";
import type { NoticeValue } from "./notice";

interface ExportButtonProps {
  label: string;
  pendingLabel: string;
  /** The file's name, e.g. "payouts.csv". */
  filename: string;
  /** Reads the export (every row the list's filters match, from the server). */
  load: () => Promise<{ csv: string; count: number }>;
  done: (count: number) => string;
  onNotice: (notice: NoticeValue) => void;
}

/** Downloads a list's CSV export as a file. */
export function ExportButton({ label, pendingLabel, filename, load, done, onNotice }: ExportButtonProps) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const { csv, count } = await load();
      // A byte-order mark makes spreadsheet programs read the file as UTF-8 (å, ä, ö).
      const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
      onNotice({ kind: "success", text: done(count) });
    } catch (e) {
      onNotice({ kind: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" className="button" disabled={pending} onClick={() => void run()}>
      {pending ? pendingLabel : label}
    </button>
  );
}
