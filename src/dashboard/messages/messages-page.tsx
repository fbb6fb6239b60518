"use client";

import { useState } from "react";
import type { Integration } from "../integrations/integration-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { Pager } from "../ui/pager";
import { ComposeMessageForm } from "./compose-message-form";
import { MessageList } from "./message-list";

const PAGE_SIZE = 25;

export function MessagesPage() {
  return <IntegrationScoped what="Messages">{(integration) => <MessagesOfIntegration integration={integration} />}</IntegrationScoped>;
}

function MessagesOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = trpc.messages.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const data = list.data;

  return (
    <section>
      <div className="page-header">
        <div>
          <h1>Messages</h1>
          <p className="page-lead">
            What <strong>{integration.name}</strong> told its Employees, newest first. They read them in the employee app.
          </p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setComposing(true)}>
          New Message
        </button>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="card">
        {list.isError ? (
          <div className="alert alert-error" role="alert">
            {list.error.message}
          </div>
        ) : !data ? (
          <p className="card-message">Loading…</p>
        ) : data.results.length === 0 ? (
          <p className="card-message">No Messages yet.</p>
        ) : (
          <MessageList messages={data.results} />
        )}
        {data && data.count > 0 && <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} busy={list.isFetching} />}
      </div>

      {composing && (
        <Modal title="New Message" onClose={() => setComposing(false)} wide>
          <ComposeMessageForm
            onSent={(message) => {
              setComposing(false);
              setPage(1);
              setNotice({ kind: "success", text: `Message sent to ${message.employees.length === 1 ? "1 Employee" : `${message.employees.length} Employees`}.` });
            }}
            onCancel={() => setComposing(false)}
          />
        </Modal>
      )}
    </section>
  );
}
