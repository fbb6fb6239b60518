"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { stepBackAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { useRowDialog } from "../ui/row-dialog";
import {
  CreateRegistrationDialog,
  DeleteRegistrationDialog,
  EDIT_REGISTRATION_DRAFT,
  EditRegistrationDialog,
  NEW_REGISTRATION_DRAFT,
} from "./registration-dialogs";
import type { Registration } from "./registration-types";
import { RegistrationsTable } from "./registrations-table";
import { usePageParam } from "../url-state";

const PAGE_SIZE = 25;

export const RegistrationsPage = roleGated("client", (t) => t("registrations.clientOnly"), AccountRegistrations);

function AccountRegistrations() {
  const me = trpc.session.me.useQuery();
  const demo = me.data?.environment === "demo";
  const [page, setPage] = usePageParam();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = trpc.registrations.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const { dialog, create, open, close } = useRowDialog<Registration>({
    create: NEW_REGISTRATION_DRAFT,
    edit: { dialog: EDIT_REGISTRATION_DRAFT, rows: list.data?.results, idOf: (r) => r.id },
  });
  const t = useTranslations("registrations");

  return (
    <section>
      <PageHeader title={t("title")} lead={demo ? t("leadDemo") : t("leadLive")}>
        <button type="button" className="button button-primary" onClick={create}>
          {t("newRegistration")}
        </button>
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("none")} scroll>
        {(registrations) => (
          <RegistrationsTable registrations={registrations} demo={demo} onEdit={open("edit")} onDelete={open("delete")} onNotice={setNotice} />
        )}
      </PagedListCard>

      {dialog?.kind === "create" && (
        <CreateRegistrationDialog
          onClose={close}
          onCreated={(r) => setNotice({ kind: "success", text: t(demo ? "registered" : "registeredForReview", { name: r.friendly_name }) })}
        />
      )}
      {dialog?.kind === "edit" && <EditRegistrationDialog registration={dialog.row} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteRegistrationDialog
          registration={dialog.row}
          onClose={close}
          onDeleted={() => {
            setNotice({ kind: "success", text: t("deleted", { name: dialog.row.friendly_name }) });
            stepBackAfterDelete(list, page, setPage);
          }}
        />
      )}
    </section>
  );
}
