"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { PageHeader } from "../ui/page-header";
import { TableHead } from "../ui/table";
import { csvLine, errorLines, isPayoutField, readPayoutCsv } from "./payout-csv";
import type { CsvPayout } from "./payout-csv";
import { ErrorAlert } from "../ui/alert";

export const PayoutImportPage = integrationScoped((t) => t("payouts.title"), PayoutImport);

interface Preview {
  items: CsvPayout[];
  /** One entry per item, from the server's dry run: empty when the row is valid. */
  errors: string[][];
}

/**
 * Upload a CSV, see every row checked by the server exactly as the bulk create checks it (a dry run), and
 * create all of them at once when none has an error. A fixed file is chosen again and checked again.
 */
function PayoutImport({ integration }: { integration: Integration }) {
  const t = useTranslations("payouts");
  const f = useFormat();
  const fileId = useId();
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [checking, setChecking] = useState(0);
  const label = (field: string) => (isPayoutField(field) ? t(`fields.${field}`) : field);
  const validate = trpc.payouts.validate.useMutation();
  const create = trpc.payouts.create.useMutation({
    onSuccess: async (rows) => {
      setCreated(Array.isArray(rows) ? rows.length : 1);
      setPreview(null);
      await Promise.all([utils.payouts.invalidate(), utils.payruns.invalidate()]);
    },
    onError: (error) => {
      // A row that became invalid since the check (e.g. its Employee was deleted): show the new errors.
      const items = preview?.items ?? [];
      const fieldErrors = error.data?.fieldErrors ?? {};
      setPreview({ items, errors: items.map((_, i) => errorLines(fieldErrors[String(i)] ?? {}, label)) });
      if (!error.data?.fieldErrors) setProblem(error.message);
    },
  });

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setPreview(null);
    setCreated(null);
    if (!file) return;
    const { items, problems } = readPayoutCsv(await file.text(), f.locale);
    if (problems.includes("employee")) return setProblem(t("import.noEmployeeColumn"));
    if (problems.length) return setProblem(t("import.unreadable", { problems: problems.join("; ") }));
    if (items.length === 0) return setProblem(t("import.empty"));
    setChecking(items.length);
    validate.mutate(items, {
      onSuccess: (errors) => setPreview({ items, errors: errors.map((e) => errorLines(e, label)) }),
      onError: (error) => setProblem(errorLines(error.data?.fieldErrors ?? {}, label).join(" ") || error.message),
    });
  };

  const bad = preview ? preview.errors.filter((e) => e.length > 0).length : 0;
  return (
    <section>
      <PageHeader title={t("import.title")} lead={t("import.lead")}>
        <Link className="button" href="/payouts">
          {t("import.backToList")}
        </Link>
      </PageHeader>
      <p className="muted">{integration.name}</p>

      <div className="card card-body">
        <div className="field">
          <label htmlFor={fileId}>{t("import.file")}</label>
          <input id={fileId} type="file" accept=".csv,text/csv" aria-describedby={`${fileId}-hint`} onChange={(e) => void choose(e.target.files?.[0])} />
          <p className="field-hint" id={`${fileId}-hint`}>
            {t("import.fileHint")}
          </p>
        </div>
      </div>

      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      {validate.isPending && <p role="status">{t("import.checking", { count: checking })}</p>}
      {created !== null && (
        <div className="alert alert-success" role="status">
          {t("import.done", { count: created })} <Link href="/payouts">{t("import.backToList")}</Link>
        </div>
      )}

      {preview && (
        <section aria-labelledby={`${fileId}-preview`}>
          <h2 id={`${fileId}-preview`}>{t("import.preview")}</h2>
          <p role={bad ? "alert" : "status"}>
            {t("import.summary", { count: preview.items.length, bad })} {bad > 0 && t("import.fixAndUpload")}
          </p>
          {bad === 0 && (
            <button type="button" className="button button-primary" disabled={create.isPending} onClick={() => create.mutate(preview.items)}>
              {create.isPending ? t("import.creating") : t("import.submit", { count: preview.items.length })}
            </button>
          )}
          <div className="card table-scroll">
            <table className="table table-compact">
              <TableHead columns={[t("import.line"), t("columns.employee"), t("columns.description"), t("columns.amount"), t("import.problems")]} />
              <tbody>
                {preview.items.map((item, i) => {
                  const errors = preview.errors[i] ?? [];
                  const figure = item.amount ?? item.invoiced_amount ?? item.cost;
                  return (
                    <tr key={i} className={errors.length ? "row-error" : undefined}>
                      <td className="num">{csvLine(i)}</td>
                      <td>{typeof item.employee === "string" ? item.employee : ""}</td>
                      <td>{item.description}</td>
                      <td className="num">{typeof figure === "string" && item.currency ? f.money(figure, item.currency) : figure}</td>
                      <td className={errors.length ? "field-error" : "muted"}>{errors.length ? errors.join(" ") : t("import.ok")}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
}
