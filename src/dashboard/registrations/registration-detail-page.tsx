"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { RoleGate } from "../shell/role-gate";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { MetadataValue } from "../ui/metadata-value";
import { Notice, type NoticeValue } from "../ui/notice";
import { EditDeleteActions, PageHeader } from "../ui/page-header";
import { ApproveDemoButton, DeleteRegistrationDialog, EditRegistrationDialog } from "./registration-dialogs";
import { RegistrationValue } from "./registration-fields";
import { canChange, integrationApiPath, REGISTRATION_FIELDS, registrationApiPath, registrationPath, reviewStatus, type Registration } from "./registration-types";
import { ReviewStatusBadge } from "./review-status-badge";

export function RegistrationDetailPage({ registrationId }: { registrationId: string }) {
  return (
    <RoleGate role="client" otherwise="Registrations belong to client accounts; sign in as a person of an account to manage them.">
      <RegistrationDetail registrationId={registrationId} />
    </RoleGate>
  );
}

function RegistrationDetail({ registrationId }: { registrationId: string }) {
  const query = trpc.registrations.get.useQuery({ registration_id: registrationId }, { retry: retryUnlessNotFound });
  return (
    <DetailFrame back={{ href: "/registrations", label: "Registrations" }} query={query} notFound={`No Registration "${registrationId}" in this environment.`}>
      {(registration) => <RegistrationSummary registration={registration} />}
    </DetailFrame>
  );
}

type Dialog = "edit" | "delete" | null;

function RegistrationSummary({ registration }: { registration: Registration }) {
  const router = useRouter();
  const me = trpc.session.me.useQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const status = reviewStatus(registration);
  const close = () => setDialog(null);

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
          <strong>Rejected by the review team:</strong> {registration.rejection_reason}
          <br />
          Edit the Registration to correct it; saving sends it back for review.
        </div>
      )}
      {status === "pending" && <p className="alert alert-info">Waiting for the review team.</p>}

      <div className="detail-grid">
        <div className="card card-padded">
          <h2 className="card-title">Details</h2>
          <dl className="details">
            {REGISTRATION_FIELDS.map(({ field, label, mono }) => (
              <RegistrationDetailRow key={field} label={label}>
                <RegistrationValue registration={registration} field={field} mono={mono} />
              </RegistrationDetailRow>
            ))}
            <RegistrationDetailRow label="Metadata">
              <MetadataValue metadata={registration.metadata} />
            </RegistrationDetailRow>
            <RegistrationDetailRow label="API">
              <a href={registrationApiPath(registration.id)}>View in the API browser</a>
            </RegistrationDetailRow>
          </dl>
        </div>
        <div className="card card-padded">
          <h2 className="card-title">Integration</h2>
          {status === "approved" ? (
            <>
              <p>
                Approval created the Integration <code>{registration.integration_id}</code>, named {registration.friendly_name}.
              </p>
              <p>
                <Link href="/integrations">Open Integrations</Link> · <a href={integrationApiPath(registration.integration_id)}>View it in the API browser</a>
              </p>
            </>
          ) : (
            <p className="muted">
              Approval creates the Integration <code>{registration.integration_id}</code>.
            </p>
          )}
        </div>
      </div>

      {dialog === "edit" && (
        <EditRegistrationDialog
          registration={registration}
          onClose={close}
          onSaved={(saved) => {
            // A new id is a new URL.
            if (saved.id !== registration.id) router.replace(registrationPath(saved.id));
          }}
        />
      )}
      {dialog === "delete" && <DeleteRegistrationDialog registration={registration} onClose={close} onDeleted={() => router.push("/registrations")} />}
    </>
  );
}

function RegistrationDetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
