"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { DetailRow, DetailsCard, MetadataAndApiRows } from "../ui/detail-rows";
import { useObjectPageRoutes } from "../ui/object-page";
import { Notice, type NoticeValue } from "../ui/notice";
import { EditDeleteActions, PageHeader } from "../ui/page-header";
import { ApproveDemoButton, DeleteRegistrationDialog, EDIT_REGISTRATION_DRAFT, EditRegistrationDialog } from "./registration-dialogs";
import { useObjectDraftDialog } from "../ui/draft-scope";
import { RegistrationValue } from "./registration-fields";
import {
  canChange,
  integrationApiPath,
  REGISTRATION_FIELDS,
  registrationApiPath,
  registrationPath,
  reviewStatus,
  type Registration,
} from "./registration-types";
import { ReviewStatusBadge } from "./review-status-badge";

export const RegistrationDetailPage = roleGated("client", (t) => t("registrations.clientOnly"), RegistrationDetail);

function RegistrationDetail({ registrationId }: { registrationId: string }) {
  const query = trpc.registrations.get.useQuery({ registration_id: registrationId }, { retry: retryUnlessNotFound });
  const t = useTranslations("registrations");
  return (
    <DetailFrame
      back={{ href: "/registrations", label: t("title") }}
      query={query}
      notFound={t("detail.notFound", { id: registrationId })}
      locate={{ kind: "registration", id: registrationId }}
    >
      {(registration) => <RegistrationSummary registration={registration} />}
    </DetailFrame>
  );
}

type Dialog = "edit" | "delete" | null;

function RegistrationSummary({ registration }: { registration: Registration }) {
  const routes = useObjectPageRoutes(registration.id, registrationPath, "/registrations");
  const me = trpc.session.me.useQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const status = reviewStatus(registration);
  const close = () => setDialog(null);
  useObjectDraftDialog(EDIT_REGISTRATION_DRAFT, registration.id, () => setDialog("edit"));
  const t = useTranslations("registrations");

  return (
    <>
      <PageHeader title={registration.friendly_name} badge={<ReviewStatusBadge status={status} />} objectId={registration.id}>
        {canChange(registration) && (
          <>
            {me.data?.environment === "demo" && <ApproveDemoButton registration={registration} onResult={setNotice} />}
            <EditDeleteActions onEdit={() => setDialog("edit")} onDelete={() => setDialog("delete")} />
          </>
        )}
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {status === "rejected" && (
        <div className="alert alert-error" role="alert">
          <strong>{t("detail.rejected")}</strong> {registration.rejection_reason}
          <br />
          {t("detail.rejectedHelp")}
        </div>
      )}
      {status === "pending" && <p className="alert alert-info">{t("detail.waiting")}</p>}

      <div className="detail-grid">
        <DetailsCard title={t("detail.details")}>
          {REGISTRATION_FIELDS.map(({ field, mono }) => (
            <DetailRow key={field} label={t(`fields.${field}`)}>
              <RegistrationValue registration={registration} field={field} mono={mono} />
            </DetailRow>
          ))}
          <MetadataAndApiRows
            labels={{ metadata: t("detail.metadata"), api: t("detail.api"), link: t("detail.viewInApi") }}
            metadata={registration.metadata}
            apiHref={registrationApiPath(registration.id)}
          />
        </DetailsCard>
        <div className="card card-padded">
          <h2 className="card-title">{t("detail.integration")}</h2>
          {status === "approved" ? (
            <>
              <p>{t.rich("detail.created", { id: registration.integration_id, name: registration.friendly_name, code: (chunks) => <code>{chunks}</code> })}</p>
              <p>
                <Link href="/integrations">{t("detail.openIntegrations")}</Link> ·{" "}
                <a href={integrationApiPath(registration.integration_id)}>{t("detail.viewIntegrationInApi")}</a>
              </p>
            </>
          ) : (
            <p className="muted">{t.rich("detail.willCreate", { id: registration.integration_id, code: (chunks) => <code>{chunks}</code> })}</p>
          )}
        </div>
      </div>

      {dialog === "edit" && <EditRegistrationDialog registration={registration} onClose={close} onSaved={routes.onSaved} />}
      {dialog === "delete" && <DeleteRegistrationDialog registration={registration} onClose={close} onDeleted={routes.onDeleted} />}
    </>
  );
}
