"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { trpc, type RouterOutputs } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { ListTable } from "../ui/list-table";
import { EMPTY } from "../ui/table";
import { FactsSection } from "./review-detail";

/**
 * The verification page's view of the claim form's details: beside what the employer entered, the numbers
 * masked until a reviewer reveals one (recorded server-side), and the checks the server made on them.
 */

type Review = RouterOutputs["employeeVerification"]["detail"];
type Details = NonNullable<Review["details"]>;
type Checks = NonNullable<Review["checks"]>;
type Field = Review["reveals"][number]["field"];

/** The employer's data and the Employee's, row by row; the employer gives no address, the claim asks no email or phone. */
export function ComparisonSection({ item, details }: { item: Review; details: Details | null }) {
  const t = useTranslations("employeeReview.compare");
  const e = item.employee;
  const address = details ? `${details.street}, ${details.postal_code} ${details.city}` : null;
  const rows: [string, string | null, string | null][] = [
    [t("name"), e.name, details?.name ?? null],
    [t("email"), e.email, null],
    [t("phone"), e.cellphone_number, null],
    [t("address"), null, address],
  ];
  return (
    <FactsSection id="review-compare" title={t("title")}>
      <ListTable columns={[t("field"), t("employer"), t("employee")]} rows={rows}>
        {([label, employer, employee]) => (
          <tr key={label}>
            <th scope="row" className="row-label">
              {label}
            </th>
            <td>{employer ?? EMPTY}</td>
            <td>{employee ?? EMPTY}</td>
          </tr>
        )}
      </ListTable>
      <p className="card-note">{details ? t("note") : t("noDetails")}</p>
    </FactsSection>
  );
}

/** The identity number and the bank account, masked, each with Reveal: the full value after the server recorded who asked. */
export function SensitiveSection({ item, details }: { item: Review; details: Details }) {
  const t = useTranslations("employeeReview.sensitive");
  const utils = trpc.useUtils();
  const [revealed, setRevealed] = useState<Partial<Record<Field, string>>>({});
  const reveal = trpc.employeeVerification.reveal.useMutation({
    onSuccess: async (r) => {
      setRevealed((v) => ({ ...v, [r.field]: r.value }));
      // The trail on this page lists the reveal that was just recorded.
      await utils.employeeVerification.detail.invalidate({ employeePk: item.pk });
    },
  });
  const rows: [Field, string, string][] = [
    ["identity_number", t("identityLabel"), details.identity_number],
    ["bank_account", t("bankLabel"), `${details.bank_name} ${details.bank_account}`],
  ];
  return (
    <FactsSection id="review-sensitive" title={t("title")}>
      <table className="table">
        <tbody>
          {rows.map(([field, label, masked]) => (
            <tr key={field}>
              <th scope="row" className="row-label">
                {label}
              </th>
              <td className="nowrap" data-testid={`sensitive-${field}`}>
                {revealed[field] ?? masked}
              </td>
              <td className="cell-end">
                {revealed[field] === undefined && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t("revealName", { field: t(field) })}
                    disabled={reveal.isPending}
                    onClick={() => reveal.mutate({ employeePk: item.pk, field })}
                  >
                    {t("reveal")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {reveal.error && <ErrorAlert>{reveal.error.message}</ErrorAlert>}
      <p className="card-note">{t("note")}</p>
    </FactsSection>
  );
}

/** Passed or failed, each with its reason, as the server checked the stored details today. */
export function ChecksSection({ checks }: { checks: Checks }) {
  const t = useTranslations("employeeReview.checks");
  const ageReason = checks.age === null ? t("ageUnknown") : checks.age_at_least_16 ? t("agePassed", { age: checks.age }) : t("ageFailed", { age: checks.age });
  const list: [string, boolean, string][] = [
    [
      t("identity"),
      checks.identity_number_valid,
      checks.identity_number_valid ? t(checks.coordination_number ? "identityCoordination" : "identityPassed") : t("identityFailed"),
    ],
    [t("age"), checks.age_at_least_16, ageReason],
    [
      t("bank"),
      checks.bank_account_valid,
      checks.bank_account_valid ? t("bankPassed", { bank: checks.bank_name ?? "" }) : (checks.bank_account_problem ?? t("bankFailed")),
    ],
    [t("name"), checks.name_matches, checks.name_matches ? t("namePassed") : t("nameFailed")],
  ];
  return (
    <section className="detail-section" aria-labelledby="review-checks">
      <h2 id="review-checks">{t("title")}</h2>
      <ul className="card check-list">
        {list.map(([label, passed, reason]) => (
          <li key={label} className={passed ? "check-passed" : "check-failed"}>
            <span className={passed ? "badge badge-success" : "badge badge-danger"}>{passed ? t("passed") : t("failed")}</span>
            <span>
              <strong>{label}</strong>
              <span className="check-reason">{reason}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

type TrailEntry = ({ kind: "decision" } & Review["decisions"][number]) | ({ kind: "reveal" } & Review["reveals"][number]);

/** Decisions and reveals in one trail, oldest first (the audit log records both). */
export function trailEntries(item: Review): TrailEntry[] {
  const entries: TrailEntry[] = [
    ...item.decisions.map((d) => ({ kind: "decision" as const, ...d })),
    ...item.reveals.map((r) => ({ kind: "reveal" as const, ...r })),
  ];
  return entries.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
