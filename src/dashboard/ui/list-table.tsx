"use client";

import { useLayoutEffect, useRef, type ReactNode } from "react";
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
  /** The table's accessible name, when the page has more than one. */
  label?: string;
  className?: string;
}

/**
 * Every list of the dashboard: the header row, then a row for each item. It never scrolls sideways: from 640 px
 * the cells wrap and the actions stay in the last column; narrower, each row is a card of label/value pairs
 * (the labels are the column names) with its actions below.
 */
export function ListTable<R>({ columns, actions, lead, rows, children, label, className }: ListTableProps<R>) {
  const table = useRef<HTMLTableElement>(null);
  const labels = [...(lead !== undefined ? [""] : []), ...columns, ...(actions ? [""] : [])];
  // Each page renders its own cells; naming them here keeps the column names in one place, the header.
  useLayoutEffect(() => {
    const body = table.current?.tBodies[0];
    if (!body) return;
    for (const row of Array.from(body.rows)) {
      if (row.cells.length !== labels.length) continue; // a detail row spanning the table
      Array.from(row.cells).forEach((cell, i) => {
        if (labels[i]) cell.dataset.label = labels[i];
        else delete cell.dataset.label;
      });
    }
  });
  return (
    <table ref={table} className={className ? `table list-table ${className}` : "table list-table"} aria-label={label}>
      <TableHead columns={columns} actions={actions} lead={lead} />
      <tbody>{rows.map((row) => children(row))}</tbody>
    </table>
  );
}
