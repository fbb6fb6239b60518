"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { employeePath } from "../employees/employee-types";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import { RowButton } from "../ui/table";
import { DeleteMessageDialog, EditMessageDialog } from "./message-dialogs";
import { EDIT_MESSAGE_DRAFT, messageExcerpt, type Message } from "./message-types";
import { useDraftDialog } from "../ui/draft-scope";
import { useScopedPath } from "../shell/use-scoped-path";

/** Recipients named in full per Message; a Message may go to thousands. */
const SHOWN_RECIPIENTS = 5;

/** Messages newest first (the server's order), each with links to the Employees it went to, Edit and Delete. */
export function MessageList({ messages, onNotice }: { messages: Message[]; onNotice?: (notice: NoticeValue) => void }) {
  const t = useTranslations("messages.list");
  const f = useFormat();
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  useDraftDialog(EDIT_MESSAGE_DRAFT, (subject) => {
    const message = messages.find((m) => m.id === subject);
    if (message) setEditing(message);
  });
  return (
    <>
      <ol className="message-list">
        {messages.map((m) => (
          <li key={m.id} className="message-item">
            <p className="message-content">{m.content}</p>
            <div className="message-meta">
              <span>
                {t("to")}{" "}
                {m.employees.slice(0, SHOWN_RECIPIENTS).map((id, n) => (
                  <span key={id}>
                    {n > 0 && ", "}
                    <RecipientLink id={id} />
                  </span>
                ))}
                {m.employees.length > SHOWN_RECIPIENTS && ` ${t("more", { count: m.employees.length - SHOWN_RECIPIENTS })}`}
              </span>
              <span className="message-actions">
                <time dateTime={m.created_at}>{f.dateTime(m.created_at)}</time>
                <RowButton label={t("edit")} subject={messageExcerpt(m.content)} onClick={() => setEditing(m)} />
                <RowButton label={t("delete")} subject={messageExcerpt(m.content)} danger onClick={() => setDeleting(m)} />
              </span>
            </div>
          </li>
        ))}
      </ol>
      {editing && <EditMessageDialog message={editing} onClose={() => setEditing(null)} onSaved={() => onNotice?.({ kind: "success", text: t("saved") })} />}
      {deleting && (
        <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} onDeleted={() => onNotice?.({ kind: "success", text: t("deleted") })} />
      )}
    </>
  );
}

/** A recipient by name (the Message holds ids only); the id stands in while loading or once deleted. */
function RecipientLink({ id }: { id: string }) {
  const scoped = useScopedPath();
  // tRPC batches these lookups into one request, and each Employee is looked up once for all Messages.
  const employee = trpc.employees.get.useQuery({ employee_id: id }, { staleTime: 60_000, retry: false });
  return (
    <Link href={scoped(employeePath(id))} title={id} className={employee.data ? undefined : "mono"}>
      {employee.data?.name ?? id}
    </Link>
  );
}
