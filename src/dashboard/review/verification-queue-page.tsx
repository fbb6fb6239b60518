"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import { roleGated } from "../shell/role-gate";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell } from "../ui/table";

type PendingVerification = RouterOutputs["employeeVerification"]["pending"][number];

/** The review team's queue: live Employees who opened their invitation and wait for identity checks. */
export const VerificationQueuePage = roleGated("operator", (t) => t("employeeReview.operatorsOnly"), VerificationQueue);

function VerificationQueue() {
  const t = useTranslations("employeeReview");
  const pending = trpc.employeeVerification.pending.useQuery();
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")} />
      <QueryCard query={pending} isEmpty={(rows) => rows.length === 0} empty={t("empty")} scroll>
        {(rows) => <VerificationTable rows={rows} />}
      </QueryCard>
    </section>
  );
}

function VerificationTable({ rows }: { rows: PendingVerification[] }) {
  const t = useTranslations("employeeReview");
  const f = useFormat();
  return (
    <ListTable columns={[t("employee"), t("email"), t("country"), t("integration"), t("claimed")]} actions rows={rows}>
      {(row) => (
        <tr key={row.pk}>
          <NameAndIdCell name={row.employee.name} id={row.employee.id} href={`/review/employees/${row.pk}`} />
          <td>{row.employee.email ?? EMPTY}</td>
          <td title={f.country(row.employee.country)}>{row.employee.country}</td>
          <td className="stacked-cell">
            <span title={row.integration.id}>{row.integration.name}</span>
            <span className="muted">{row.account}</span>
          </td>
          <td className="nowrap">{row.employee.claimed_at ? f.dateTime(row.employee.claimed_at) : EMPTY}</td>
          <td className="actions">
            <Link className="button button-small button-primary" href={`/review/employees/${row.pk}`} aria-label={t("reviewName", { name: row.employee.name })}>
              {t("review")}
            </Link>
          </td>
        </tr>
      )}
    </ListTable>
  );
}
