"use client";

import { useState, type ComponentType, type ReactNode } from "react";
import type { MutationState, trpc } from "../trpc";
import { ConfirmAction } from "../ui/confirm-dialog";
import type { useDialogMutation } from "../ui/dialog-mutation";
import type { NoticeValue } from "../ui/notice";
import { Notice } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard, type CardQuery } from "../ui/query-card";
import { useDecisionMutation } from "./review-detail";

/** The procedure that records a payment, e.g. `trpc.payruns.markPaid` (a method, so that tRPC's own options type is accepted). */
interface MarkPaidProcedure<Input> {
  useMutation(options: ReturnType<typeof useDialogMutation<unknown>>): MutationState & { mutate: (input: Input) => void };
}

/** How a page records one row's payment: the procedure and its input, what it makes stale, and what the dialog and the notice say. */
export interface MarkPaid<Row, Input> {
  procedure: MarkPaidProcedure<Input>;
  input: (row: Row) => Input;
  refresh: (utils: ReturnType<typeof trpc.useUtils>) => Promise<unknown>;
  describe: (row: Row) => { text: ReactNode; paid: string };
}

/** The markup of the pages' dialog texts: `<b>` and `<code>`. */
export const PAYMENT_TAGS = {
  b: (chunks: ReactNode) => <strong>{chunks}</strong>,
  code: (chunks: ReactNode) => <code>{chunks}</code>,
};

/** What an operator's "mark paid" page shows: its texts, the unpaid rows, their table and how a payment is recorded. */
interface UnpaidPaymentsProps<Row, Input> {
  texts: { title: string; lead: string; empty: string; dialogTitle: string; markPaid: string; pending: string };
  query: CardQuery<Row[]>;
  Table: ComponentType<{ rows: Row[]; onMarkPaid: (row: Row) => void }>;
  markPaid: MarkPaid<Row, Input>;
}

/** The review team's payment pages (Payruns, prepayment Invoices): the unpaid rows, one opened to be marked paid, and what happened. */
export function UnpaidPayments<Row, Input>({ texts, query, Table, markPaid }: UnpaidPaymentsProps<Row, Input>) {
  const [paying, setPaying] = useState<Row | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <section>
      <PageHeader title={texts.title} lead={texts.lead} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <QueryCard query={query} isEmpty={(rows) => rows.length === 0} empty={texts.empty} scroll>
        {(rows) => <Table rows={rows} onMarkPaid={setPaying} />}
      </QueryCard>
      {paying !== null && <MarkPaidDialog row={paying} texts={texts} markPaid={markPaid} onClose={() => setPaying(null)} onPaid={setNotice} />}
    </section>
  );
}

interface MarkPaidDialogProps<Row, Input> {
  row: Row;
  texts: UnpaidPaymentsProps<Row, Input>["texts"];
  markPaid: MarkPaid<Row, Input>;
  onClose: () => void;
  onPaid: (notice: NoticeValue) => void;
}

/** Asks before a payment is recorded. Another operator may have recorded it first: a refusal also shows the list as it is now. */
function MarkPaidDialog<Row, Input>({ row, texts, markPaid, onClose, onPaid }: MarkPaidDialogProps<Row, Input>) {
  const { text, paid } = markPaid.describe(row);
  const mutation = markPaid.procedure.useMutation(useDecisionMutation(markPaid.refresh, paid, onPaid, onClose));
  return (
    <ConfirmAction
      texts={{ title: texts.dialogTitle, confirm: texts.markPaid, pending: texts.pending }}
      mutation={mutation}
      input={markPaid.input(row)}
      onClose={onClose}
    >
      <p>{text}</p>
    </ConfirmAction>
  );
}
