import type { ReactNode } from "react";
import { TableHead } from "./table";

interface ListTableProps<R> {
  columns: readonly string[];
  /** A last column for each row's buttons (see `TableHead`). */
  actions?: boolean;
  /** A first header cell's content (a select-all box). */
  lead?: ReactNode;
  rows: readonly R[];
  /** One row's `<tr>`, with its key. */
  children: (row: R) => ReactNode;
}

/** A list's table: the header row, then a row for each item. */
export function ListTable<R>({ columns, actions, lead, rows, children }: ListTableProps<R>) {
  return (
    <table className="table">
      <TableHead columns={columns} actions={actions} lead={lead} />
      <tbody>{rows.map((row) => children(row))}</tbody>
    </table>
  );
}
