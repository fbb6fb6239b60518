"use client";

import { useState, type ComponentType } from "react";
import type { NoticeValue } from "../ui/notice";
import { Notice } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard, type CardQuery } from "../ui/query-card";

/** What an operator's "mark paid" page shows: its texts, the unpaid rows, their table and the dialog that records a payment. */
interface UnpaidPaymentsProps<Row> {
  texts: { title: string; lead: string; empty: string };
  query: CardQuery<Row[]>;
  Table: ComponentType<{ rows: Row[]; onMarkPaid: (row: Row) => void }>;
  MarkPaidDialog: ComponentType<{ row: Row; onClose: () => void; onPaid: (notice: NoticeValue) => void }>;
}

/** The review team's payment pages (Payruns, prepayment Invoices): the unpaid rows, one opened to be marked paid, and what happened. */
export function UnpaidPayments<Row>({ texts, query, Table, MarkPaidDialog }: UnpaidPaymentsProps<Row>) {
  const [paying, setPaying] = useState<Row | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section>
      <PageHeader title={texts.title} lead={texts.lead} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <QueryCard query={query} isEmpty={(rows) => rows.length === 0} empty={texts.empty} scroll>
        {(rows) => <Table rows={rows} onMarkPaid={setPaying} />}
      </QueryCard>
      {paying !== null && <MarkPaidDialog row={paying} onClose={() => setPaying(null)} onPaid={setNotice} />}
    </section>
  );
}
