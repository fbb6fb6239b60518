"use client";

import Link from "next/link";
import { trpc } from "../trpc";
import { useInvoiceLabel } from "./invoice-label";
import { invoicePath } from "./invoice-types";
import { useScopedPath } from "../shell/use-scoped-path";

/** A link to an Invoice known by its id alone, named by its number once it is read (its id until then). */
export function InvoiceLink({ id }: { id: string }) {
  const label = useInvoiceLabel();
  const scoped = useScopedPath();
  const invoice = trpc.invoices.get.useQuery({ invoice_id: id }, { retry: false });
  return (
    <Link href={scoped(invoicePath(id))} title={id}>
      {invoice.data ? label(invoice.data) : id}
    </Link>
  );
}
