"use client";

import { useState } from "react";
import { ComposeMessageForm } from "../messages/compose-message-form";
import { MessageList } from "../messages/message-list";
import { trpc } from "../trpc";
import { PagedListCard } from "../ui/query-card";
import type { Employee } from "./employee-types";
import { SuccessStatus } from "../ui/alert";

const PAGE_SIZE = 10;

/** The Messages one Employee received, and a form to write them another. */
export function EmployeeMessages({ employee }: { employee: Employee }) {
  const [page, setPage] = useState(1);
  const [sent, setSent] = useState(false);
  const list = trpc.messages.list.useQuery({ page, page_size: PAGE_SIZE, employee: employee.id }, { placeholderData: (prev) => prev });

  return (
    <section className="detail-section" aria-labelledby="employee-messages">
      <h2 id="employee-messages">Messages</h2>
      <div className="card card-padded">
        <h3 className="card-title">Write to {employee.name}</h3>
        {sent && <SuccessStatus>Message sent.</SuccessStatus>}
        <ComposeMessageForm
          initialRecipients={[{ id: employee.id, name: employee.name }]}
          onSent={() => {
            setSent(true);
            setPage(1);
          }}
        />
      </div>
      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={`No Messages to ${employee.name} yet.`} pager="several">
        {(messages) => <MessageList messages={messages} />}
      </PagedListCard>
    </section>
  );
}
