"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { ComposeMessageForm } from "./compose-message-form";
import { NEW_MESSAGE_DRAFT } from "./message-types";
import { useDraftDialog } from "../ui/draft-scope";
import { MessageList } from "./message-list";
import { usePageParam } from "../url-state";

const PAGE_SIZE = 25;

export const MessagesPage = integrationScoped((t) => t("messages.title"), MessagesOfIntegration);

function MessagesOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = usePageParam();
  const t = useTranslations("messages");
  const [composing, setComposing] = useState(false);
  useDraftDialog(NEW_MESSAGE_DRAFT, () => setComposing(true));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = trpc.messages.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });

  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, strong: (chunks) => <strong>{chunks}</strong> })}>
        <button type="button" className="button button-primary" onClick={() => setComposing(true)}>
          {t("newMessage")}
        </button>
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("none")}>
        {(messages) => <MessageList messages={messages} onNotice={setNotice} />}
      </PagedListCard>

      {composing && (
        <Modal draft={NEW_MESSAGE_DRAFT} title={t("newMessage")} onClose={() => setComposing(false)} wide>
          <ComposeMessageForm
            onSent={(message) => {
              setComposing(false);
              setPage(1);
              setNotice({ kind: "success", text: t("sentTo", { count: message.employees.length }) });
            }}
            onCancel={() => setComposing(false)}
          />
        </Modal>
      )}
    </section>
  );
}
