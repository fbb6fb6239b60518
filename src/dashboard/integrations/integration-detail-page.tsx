"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { useTranslations } from "use-intl";
import { EnvironmentBadge } from "../review/environment-badge";
import { roleGated } from "../shell/role-gate";
import { trpc, type Environment } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { DetailsCard, MetadataAndApiRows } from "../ui/detail-rows";
import { useObjectPageRoutes } from "../ui/object-page";
import { EditDeleteActions, PageHeader } from "../ui/page-header";
import { EMPTY } from "../ui/table";
import { DeleteIntegrationDialog, EDIT_INTEGRATION_DRAFT, EditIntegrationDialog } from "./integration-dialogs";
import { useObjectDraftDialog } from "../ui/draft-scope";
import { apiViewPath, canDelete, canEdit, integrationPath, integrationTypeKey, SCOPED_VIEWS, scopedViewPath, type Integration } from "./integration-types";
import { TitledCard } from "../ui/titled-card";

export const IntegrationDetailPage = roleGated("client", (t) => t("integrations.clientOnly"), IntegrationDetail);

function IntegrationDetail({ integrationId }: { integrationId: string }) {
  const t = useTranslations("integrations");
  const routes = useObjectPageRoutes(integrationId, integrationPath, "/integrations");
  const query = trpc.integrations.get.useQuery({ integration_id: integrationId }, { retry: retryUnlessNotFound });
  const me = trpc.session.me.useQuery();
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = () => setDialog(null);
  useObjectDraftDialog(EDIT_INTEGRATION_DRAFT, integrationId, () => setDialog("edit"));
  return (
    <DetailFrame
      back={{ href: "/integrations", label: t("detail.back") }}
      query={query}
      notFound={t("detail.notFound", { id: integrationId })}
      locate={{ kind: "integration", id: integrationId }}
    >
      {(integration) => (
        <>
          <PageHeader title={integration.name} badge={<TypeBadge type={integration.type} />} objectId={integration.id}>
            <EditDeleteActions
              onEdit={canEdit(integration) ? () => setDialog("edit") : undefined}
              onDelete={canDelete(integration) ? () => setDialog("delete") : undefined}
            />
          </PageHeader>
          <div className="detail-grid">
            <IntegrationDetails integration={integration} environment={me.data?.environment} />
            <div className="detail-column">
              {me.data && <ScopedViews integration={integration} environment={me.data.environment} />}
              <BillingSettings integration={integration} />
            </div>
          </div>
          {dialog === "edit" && <EditIntegrationDialog integration={integration} onClose={close} onSaved={routes.onSaved} />}
          {dialog === "delete" && <DeleteIntegrationDialog integration={integration} onClose={close} onDeleted={routes.onDeleted} />}
        </>
      )}
    </DetailFrame>
  );
}

function TypeBadge({ type }: { type: number }) {
  const t = useTranslations("integrations");
  const key = integrationTypeKey(type);
  return <span className={`badge badge-type-${type}`}>{key ? t(`types.${key}`) : t("otherType", { type })}</span>;
}

function IntegrationDetails({ integration, environment }: { integration: Integration; environment: Environment | undefined }) {
  const t = useTranslations("integrations.detail");
  const address = [integration.address_line_1, integration.address_line_2, [integration.zip_code, integration.city].filter(Boolean).join(" ")].filter(Boolean);
  return (
    <DetailsCard title={t("details")}>
      <dt>{t("logo")}</dt>
      <dd>{integration.logo ? <img className="detail-logo" src={integration.logo} alt={integration.name} /> : <span className="muted">{t("noLogo")}</span>}</dd>
      <dt>{t("type")}</dt>
      <dd>
        <TypeBadge type={integration.type} />
      </dd>
      <dt>{t("environment")}</dt>
      <dd>{environment ? <EnvironmentBadge environment={environment} /> : EMPTY}</dd>
      <dt>{t("email")}</dt>
      <dd>{integration.email || EMPTY}</dd>
      <dt>{t("recipient")}</dt>
      <dd>{integration.recipient || EMPTY}</dd>
      <dt>{t("address")}</dt>
      <dd>{address.length > 0 ? address.join(", ") : EMPTY}</dd>
      <MetadataAndApiRows
        labels={{ metadata: t("metadata"), api: t("api"), link: t("apiLink") }}
        metadata={integration.metadata}
        apiHref={apiViewPath(integration)}
      />
    </DetailsCard>
  );
}

function BillingSettings({ integration }: { integration: Integration }) {
  const t = useTranslations("integrations.detail");
  const common = useTranslations("common");
  const yesNo = (on: boolean) => common(on ? "yes" : "no");
  return (
    <DetailsCard title={t("billing")}>
      <dt>{t("currency")}</dt>
      <dd>{integration.currency}</dd>
      <dt>{t("paymentTerm")}</dt>
      <dd>{t("paymentTermDays", { days: integration.payment_term_days })}</dd>
      <dt>{t("invoiceEnabled")}</dt>
      <dd>{yesNo(integration.invoice_enabled)}</dd>
      <dt>{t("payrunManagement")}</dt>
      <dd>{yesNo(integration.payrun_management)}</dd>
    </DetailsCard>
  );
}

/** Links into the Integration-scoped lists with this Integration chosen, each with how many objects it holds. */
function ScopedViews({ integration, environment }: { integration: Integration; environment: Environment }) {
  const t = useTranslations("integrations.detail");
  // Afresh on every visit: the other pages change these numbers without knowing of this query.
  const counts = trpc.integrations.counts.useQuery({ integration_id: integration.id }, { retry: retryUnlessNotFound, refetchOnMount: "always" });
  return (
    <TitledCard id="integration-objects" title={t("objects")} lead={t("objectsLead")}>
      {counts.error && (
        <div className="alert alert-error" role="alert">
          {t("countsFailed", { message: counts.error.message })}
        </div>
      )}
      <dl className="details">
        {SCOPED_VIEWS.map((view) => (
          <Fragment key={view}>
            <dt>
              <Link href={scopedViewPath(view, integration.id, environment)}>{t(`views.${view}`)}</Link>
            </dt>
            <dd data-testid={`count-${view}`}>{counts.data ? counts.data[view] : EMPTY}</dd>
          </Fragment>
        ))}
      </dl>
    </TitledCard>
  );
}
