"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Notice, type NoticeValue } from "../ui/notice";
import { usePageParam } from "../url-state";
import { PayoutList } from "./payout-list";
import { NO_PAYOUT_FILTERS } from "./payout-types";

/** An Employee's page lists their Payouts, newest first, paged (?page= in the URL). */
export function EmployeePayouts({ employeeId }: { employeeId: string }) {
  const t = useTranslations("payouts");
  const [page, setPage] = usePageParam();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section className="detail-section" aria-labelledby="employee-payouts">
      <h2 id="employee-payouts">{t("employeePayouts")}</h2>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <PayoutList
        filters={{ ...NO_PAYOUT_FILTERS, employee: employeeId }}
        page={page}
        onPage={setPage}
        empty={t("employeeNoPayouts")}
        onNotice={setNotice}
        showEmployee={false}
      />
    </section>
  );
}
