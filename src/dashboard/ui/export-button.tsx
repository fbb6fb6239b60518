"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { downloadCsv } from "./download-csv";
import type { NoticeValue } from "./notice";

interface ExportButtonProps {
  /** The list's catalogue namespace, whose `exportCsv`, `exporting` and `exported` the button says. */
  namespace: "employees" | "payouts" | "auditLog";
  /** The file's name, e.g. "payouts.csv". */
  filename: string;
  /** Reads the export (every row the list's filters match, from the server). */
  load: () => Promise<{ csv: string; count: number }>;
  onNotice: (notice: NoticeValue) => void;
}

/** Downloads a list's CSV export as a file, in the person's CSV style (the server writes it so). */
export function ExportButton({ namespace, filename, load, onNotice }: ExportButtonProps) {
  const t = useTranslations(namespace);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const { csv, count } = await load();
      downloadCsv(filename, csv);
      onNotice({ kind: "success", text: t("exported", { count }) });
    } catch (e) {
      onNotice({ kind: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" className="button" disabled={pending} onClick={() => void run()}>
      {pending ? t("exporting") : t("exportCsv")}
    </button>
  );
}
