"use client";

import { useState } from "react";
import { ComposeMessageForm } from "../messages/compose-message-form";
import { MessageList } from "../messages/message-list";
import { trpc } from "../trpc";
import { Pager } from "../ui/pager";
import type { Employee } from "./employee-types";

const PAGE_SIZE = 10;

/** The Messages one Employee received, and a form to write them another. */
export function EmployeeMessages({ employee }: { employee: Employee }) {
  const [page, setPage] = useState(1);
  const [sent, setSent] = useState(false);
  const list = trpc.messages.list.useQuery({ page, page_size: PAGE_SIZE, employee: employee.id }, { placeholderData: (prev) => prev });
  const data = list.data;

  return (
    <section className="detail-section" aria-labelledby="employee-messages">
      <h2 id="employee-messages">Messages</h2>
      <div className="card card-padded">
        <h3 className="card-title">Write to {employee.name}</h3>
        {sent && (
          <p className="alert alert-success" role="status">
            Message sent.
          </p>
        )}
        <ComposeMessageForm
          initialRecipients={[{ id: employee.id, name: employee.name }]}
          onSent={() => {
            setSent(true);
            setPage(1);
          }}
        />
      </div>
      <div className="card">
        {list.isError ? (
          <div className="alert alert-error" role="alert">
            {list.error.message}
          </div>
        ) : !data ? (
          <p className="card-message">Loading…</p>
        ) : data.results.length === 0 ? (
          <p className="card-message">No Messages to {employee.name} yet.</p>
        ) : (
          <MessageList messages={data.results} />
        )}
        {data && data.count > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} busy={list.isFetching} />}
      </div>
    </section>
  );
}
