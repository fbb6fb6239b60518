"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { payrunPath } from "../payruns/payrun-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc, type RouterOutputs } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { DetailRow, DetailsCard } from "../ui/detail-rows";
import { downloadCsv } from "../ui/download-csv";
import { PageHeader } from "../ui/page-header";
import { ListTable } from "../ui/list-table";
import { useScopedPath } from "../shell/use-scoped-path";

export const PayoutImportPage = integrationScoped((t) => t("payouts.title"), PayoutImport);

type Preview = RouterOutputs["payoutImport"]["preview"];
type Chunk = RouterOutputs["payoutImport"]["create"];
type Payrun = Chunk["payruns"][number];

/** Where creating a checked file stands: rows created so far (in file order), and why it stopped, if it did. */
interface Run {
  key: string;
  created: number;
  payruns: Payrun[];
  /** Why the next chunk was not created: a message, with the rows' errors when the rows were the cause. */
  stopped: { reason: string; rows: Chunk["errors"] } | null;
}

/**
 * Upload a CSV and see, before anything is written, every row checked and priced by the server (a dry run),
 * with the Employees' names and the totals; then create the rows chunk by chunk, the count shown as they go.
 * A chunk is all or nothing, and sent again under the same key it is not created twice, so "Create the rest"
 * after a failure picks up where it stopped.
 */
function PayoutImport({ integration }: { integration: Integration }) {
  const t = useTranslations("payouts.import");
  const tp = useTranslations("payruns");
  const scoped = useScopedPath();
  const f = useFormat();
  const fileId = useId();
  const utils = trpc.useUtils();
  const [csv, setCsv] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [creating, setCreating] = useState(false);
  const check = trpc.payoutImport.preview.useMutation();
  const create = trpc.payoutImport.create.useMutation();

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setPreview(null);
    setRun(null);
    setCsv(null);
    if (!file) return;
    const text = await file.text();
    check.mutate(
      { csv: text },
      {
        onSuccess: (result) => {
          if (result.problems.length) return setProblem(result.problems.join(" "));
          setCsv(text);
          setPreview(result);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const template = async () => {
    try {
      const { filename, csv: text } = await utils.payoutImport.template.fetch();
      downloadCsv(filename, text);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  /** Sends the rows from `state.created` on, one chunk at a time, until all are created or one chunk is not. */
  const createFrom = async (state: Run) => {
    if (!csv || !preview) return;
    const total = preview.rows.length;
    let current: Run = { ...state, stopped: null };
    setRun(current);
    setCreating(true);
    try {
      while (current.created < total) {
        const to = Math.min(current.created + preview.chunk, total);
        let chunk: Chunk;
        try {
          chunk = await create.mutateAsync({ csv, key: current.key, from: current.created, to });
        } catch (e) {
          current = { ...current, stopped: { reason: e instanceof Error ? e.message : String(e), rows: [] } };
          break;
        }
        if (chunk.errors.length) {
          current = { ...current, stopped: { reason: t("rowsFailed"), rows: chunk.errors } };
          break;
        }
        const known = new Set(current.payruns.map((p) => p.id));
        current = { ...current, created: to, payruns: [...current.payruns, ...chunk.payruns.filter((p) => !known.has(p.id))] };
        setRun(current);
      }
    } finally {
      setRun(current);
      setCreating(false);
      await Promise.all([utils.payouts.invalidate(), utils.payruns.invalidate(), utils.employees.invalidate()]);
    }
  };

  const bad = preview ? preview.rows.filter((r) => r.errors.length > 0).length : 0;
  const total = preview?.rows.length ?? 0;
  const done = run !== null && run.stopped === null && run.created === total && !creating;
  const payrunName = (p: Payrun) => p.name ?? tp("nameOfDate", { currency: p.currency, date: f.date(p.created_at) });
  const rowErrors = new Map((run?.stopped?.rows ?? []).map((r) => [r.line, r.errors]));
  const failing = (preview?.rows ?? []).flatMap((row) => {
    const errors = [...row.errors, ...(rowErrors.get(row.line) ?? [])];
    return errors.length ? [{ line: row.line, errors }] : [];
  });

  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")}>
        <button type="button" className="button" onClick={() => void template()}>
          {t("template")}
        </button>
        <Link className="button" href="/payouts">
          {t("backToList")}
        </Link>
      </PageHeader>
      <p className="muted">{integration.name}</p>

      <div className="card card-padded">
        <div className="field">
          <label htmlFor={fileId}>{t("file")}</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${fileId}-hint`}
            disabled={creating}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p className="field-hint" id={`${fileId}-hint`}>
            {t("fileHint")} {t("templateHint")}
          </p>
        </div>
      </div>

      <ErrorAlert>{problem}</ErrorAlert>
      {check.isPending && <p role="status">{t("checking")}</p>}

      {preview && (
        <section aria-labelledby={`${fileId}-preview`}>
          <h2 id={`${fileId}-preview`}>{t("preview")}</h2>
          <p role={bad ? "alert" : "status"}>
            {t("summary", { count: total, bad })} {bad > 0 && t("fixAndUpload")}
          </p>

          <div className="detail-grid">
            {preview.totals.map((row) => (
              <DetailsCard key={row.currency} title={t("totalsIn", { currency: row.currency, count: row.count })}>
                <DetailRow label={t("amount")}>{f.money(row.amount, row.currency)}</DetailRow>
                <DetailRow label={t("fee")}>{f.money(row.fee, row.currency)}</DetailRow>
                <DetailRow label={t("cost")}>{f.money(row.cost, row.currency)}</DetailRow>
                <DetailRow label={t("vat")}>{f.money(row.vat, row.currency)}</DetailRow>
                <DetailRow label={t("total")}>
                  <strong>{f.money(row.total, row.currency)}</strong>
                </DetailRow>
              </DetailsCard>
            ))}
          </div>
          {bad === 0 && <p>{t("newEmployees", { count: preview.new_employees })}</p>}

          {bad === 0 && run === null && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void createFrom({ key: crypto.randomUUID(), created: 0, payruns: [], stopped: null })}
            >
              {t("submit", { count: total })}
            </button>
          )}
          {run !== null && (creating || run.created < total) && (
            <div role="status">
              <p id={`${fileId}-progress`}>{t("progress", { done: f.count(run.created), total: f.count(total) })}</p>
              <progress max={total} value={run.created} aria-labelledby={`${fileId}-progress`} />
            </div>
          )}
          {run?.stopped && !creating && (
            <div className="alert alert-error" role="alert">
              <p>
                {t("partly", { created: run.created, lastCreated: run.created + 1, firstNot: run.created + 2, last: total + 1, reason: run.stopped.reason })}
              </p>
              <button type="button" className="button" onClick={() => void createFrom(run)}>
                {t("retry")}
              </button>
            </div>
          )}
          {done && run && (
            <div className="alert alert-success" role="status">
              <p>{t("done", { count: run.created })}</p>
              {run.payruns.map((p) => (
                <p key={p.id}>
                  {t.rich("inPayrun", { name: payrunName(p), link: (chunks) => <Link href={scoped(payrunPath(p.id))}>{chunks}</Link> })}{" "}
                  <Link className="button button-small" href={`/payouts?payrun=${encodeURIComponent(p.id)}`}>
                    {t("viewPayouts")}
                  </Link>
                </p>
              ))}
            </div>
          )}

          {failing.length > 0 && (
            // The errors on their own too, each with its row: on a phone the table's last column is off-screen.
            <ul className="field-error" aria-label={t("problems")}>
              {failing.map((row) => (
                <li key={row.line}>
                  {t("rowProblems", { line: row.line, problems: row.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join(" ") })}
                </li>
              ))}
            </ul>
          )}
          <div className="card">
            <ListTable className="table-compact" columns={[t("line"), t("employee"), t("description"), t("amount"), t("problems")]} rows={preview.rows}>
              {(row) => {
                const errors = [...row.errors, ...(rowErrors.get(row.line) ?? [])];
                return (
                  <tr key={row.line} className={errors.length ? "row-error" : undefined}>
                    <td className="num">{row.line}</td>
                    <td>
                      {row.employee_name ?? row.reference}
                      {row.new_employee && <span className="badge"> {t("newEmployee")}</span>}
                    </td>
                    <td>{row.description}</td>
                    <td className="num">{row.amount ? f.money(row.amount, row.currency) : ""}</td>
                    <td className={errors.length ? "field-error" : "muted"}>
                      {errors.length ? errors.map((e, i) => <div key={i}>{e.column ? `${e.column}: ${e.message}` : e.message}</div>) : t("ok")}
                    </td>
                  </tr>
                );
              }}
            </ListTable>
          </div>
        </section>
      )}
    </section>
  );
}
