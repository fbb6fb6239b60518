"use client";

import { useTranslations } from "use-intl";
import type { EmployeeStatus } from "./employee-types";

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const t = useTranslations("employees.statuses");
  return <span className={`badge badge-status-${status}`}>{t(status)}</span>;
}
