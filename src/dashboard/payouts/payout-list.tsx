"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import { stepBackAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { DeletePayoutDialog } from "./delete-payout-dialog";
import { payoutListInput, type Payout, type PayoutListFilters } from "./payout-types";
import { PayoutsTable } from "./payouts-table";

const PAGE_SIZE = 25;

interface PayoutListProps {
  filters: PayoutListFilters;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  onNotice: (notice: NoticeValue) => void;
  /** Off on a Payrun's own page, where every row is in that Payrun. */
  showPayrun?: boolean;
  /** Off on an Employee's own page, where every row is theirs. */
  showEmployee?: boolean;
}

/** One page of the Payouts matching `filters`, with each row's resend and delete. */
export function PayoutList({ filters, page, onPage, empty, onNotice, showPayrun, showEmployee }: PayoutListProps) {
  const t = useTranslations("payouts");
  const list = trpc.payouts.list.useQuery(payoutListInput(page, PAGE_SIZE, filters), { placeholderData: (prev) => prev });
  const [deleting, setDeleting] = useState<Payout | null>(null);
  return (
    <>
      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={onPage} empty={empty} scroll>
        {(payouts) => <PayoutsTable payouts={payouts} showPayrun={showPayrun} showEmployee={showEmployee} onDelete={setDeleting} onNotice={onNotice} />}
      </PagedListCard>
      {deleting && (
        <DeletePayoutDialog
          payout={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            onNotice({ kind: "success", text: t("deleted", { description: deleting.description }) });
            stepBackAfterDelete(list, page, onPage);
          }}
        />
      )}
    </>
  );
}
