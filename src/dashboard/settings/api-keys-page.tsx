"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { fieldMessages } from "../errors";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmAction } from "../ui/confirm-dialog";
import { useDialogMutation, useNoticeMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { ServerCheckedForm, useFormValues } from "../ui/form";
import { useDraftDialog } from "../ui/draft-scope";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { RowButton } from "../ui/table";
import { AdminGate } from "./admin-gate";

type ApiKey = RouterOutputs["apiKeys"]["list"][number];

/** The account's API keys: create (shown once), list with prefix and last use, revoke. Admins only. */
export function ApiKeysPage() {
  const t = useTranslations("settings.apiKeys");
  return (
    <AdminGate what={t("title")}>
      <ApiKeys />
    </AdminGate>
  );
}

function ApiKeys() {
  const t = useTranslations("settings.apiKeys");
  const keys = trpc.apiKeys.list.useQuery();
  const [creating, setCreating] = useState(false);
  useDraftDialog(NEW_KEY_DRAFT, () => setCreating(true));
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")}>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t("newKey")}
        </button>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <QueryCard query={keys} isEmpty={(rows) => rows.length === 0} empty={t("empty")}>
        {(rows) => (
          // Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too.
          <div className="table-scroll" tabIndex={0} role="group" aria-label={t("title")}>
            <KeysTable rows={rows} onRevoke={setRevoking} />
          </div>
        )}
      </QueryCard>
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} onCreated={setCreated} />}
      {created && <CreatedKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={setNotice} />}
    </section>
  );
}

function KeysTable({ rows, onRevoke }: { rows: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  const t = useTranslations("settings.apiKeys");
  const f = useFormat();
  return (
    <ListTable columns={[t("prefix"), t("environment"), t("allowIps"), t("created"), t("lastUsed"), t("status")]} actions rows={rows}>
      {(k) => (
        <tr key={k.pk}>
          <td className="mono">{k.prefix}…</td>
          <td>{k.environment === "live" ? t("live") : t("demo")}</td>
          <td>{k.allow_ips.length ? k.allow_ips.join(", ") : <span className="muted">{t("anyAddress")}</span>}</td>
          <td className="nowrap">{f.dateTime(k.created_at)}</td>
          <td className="nowrap">{k.last_used_at ? f.dateTime(k.last_used_at) : <span className="muted">{t("never")}</span>}</td>
          <td>{k.revoked_at ? <span className="badge">{t("revoked")}</span> : <span className="badge badge-success">{t("active")}</span>}</td>
          <td className="actions">{!k.revoked_at && <RowButton label={t("revoke")} subject={`${k.prefix}…`} danger onClick={() => onRevoke(k)} />}</td>
        </tr>
      )}
    </ListTable>
  );
}

/** The new key dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
const NEW_KEY_DRAFT = "apiKeys.create";

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const t = useTranslations("settings.apiKeys");
  return (
    <Modal draft={NEW_KEY_DRAFT} title={t("newKey")} onClose={onClose}>
      <CreateKeyForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

/** The form inside the dialog, so that its values are the draft's (they live within `<Modal draft>`). */
function CreateKeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const t = useTranslations("settings.apiKeys");
  const { values, setValues } = useFormValues({ environment: "demo", allow_ips: "" });
  const environment = values.environment === "live" ? "live" : "demo";
  const allowIps = values.allow_ips;
  const create = trpc.apiKeys.create.useMutation(
    useDialogMutation({ refresh: (u) => u.apiKeys.list.invalidate(), onDone: (data) => onCreated(data.key), onClose }),
  );
  const errors = fieldMessages(create.error);
  function submit() {
    const list = allowIps
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    create.mutate({ environment, allow_ips: list });
  }
  return (
    <ServerCheckedForm
      mutation={create}
      fields={["environment", "allow_ips"]}
      submitLabel={t("create")}
      pendingLabel={t("creating")}
      onSubmit={submit}
      onCancel={onClose}
      grid={false}
    >
      <Field label={t("environment")} errors={errors.environment}>
        {(control) => (
          <select {...control} value={environment} onChange={(e) => setValues((v) => ({ ...v, environment: e.target.value }))}>
            <option value="demo">{t("demo")}</option>
            <option value="live">{t("live")}</option>
          </select>
        )}
      </Field>
      <Field label={t("allowIps")} hint={t("allowIpsHint")} errors={errors.allow_ips}>
        {(control) => (
          <textarea {...control} rows={3} className="mono" value={allowIps} onChange={(e) => setValues((v) => ({ ...v, allow_ips: e.target.value }))} />
        )}
      </Field>
    </ServerCheckedForm>
  );
}

/** The key itself, once: it is stored only as a hash. */
function CreatedKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const t = useTranslations("settings.apiKeys");
  const [copied, setCopied] = useState(false);
  return (
    <Modal title={t("createdTitle")} onClose={onClose}>
      <p>{t("createdLead")}</p>
      <Field label={t("key")}>{(control) => <input {...control} readOnly className="mono" value={apiKey} onFocus={(e) => e.target.select()} />}</Field>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void navigator.clipboard?.writeText(apiKey).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("copied") : t("copy")}
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          {t("done")}
        </button>
      </div>
    </Modal>
  );
}

function RevokeKeyDialog({ apiKey, onClose, onRevoked }: { apiKey: ApiKey; onClose: () => void; onRevoked: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.apiKeys");
  const notice = t("revokedNotice", { prefix: apiKey.prefix });
  const revoke = trpc.apiKeys.revoke.useMutation(useNoticeMutation((u) => u.apiKeys.list.invalidate(), notice, onRevoked, onClose));
  const texts = { title: t("revokeTitle", { prefix: apiKey.prefix }), confirm: t("revoke"), pending: t("revoking") };
  return (
    <ConfirmAction texts={texts} mutation={revoke} input={{ pk: apiKey.pk }} danger onClose={onClose}>
      <p>{t("revokeBody")}</p>
    </ConfirmAction>
  );
}
