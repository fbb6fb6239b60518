"use client";

import { useState } from "react";
import type { Integration } from "../integrations/integration-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { ComposeMessageForm } from "./compose-message-form";
import { MessageList } from "./message-list";
import { usePageParam } from "../url-state";

const PAGE_SIZE = 25;

export function MessagesPage() {
  return <IntegrationScoped what="Messages">{(integration) => <MessagesOfIntegration integration={integration} />}</IntegrationScoped>;
}

function MessagesOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = usePageParam();
  const [composing, setComposing] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = trpc.messages.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });

  return (
    <section>
      <PageHeader
        title="Messages"
        lead={
          <>
            What <strong>{integration.name}</strong> told its Employees, newest first. They read them in the employee app.
          </>
        }
      >
        <button type="button" className="button button-primary" onClick={() => setComposing(true)}>
          New Message
        </button>
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty="No Messages yet.">
        {(messages) => <MessageList messages={messages} onNotice={setNotice} />}
      </PagedListCard>

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
