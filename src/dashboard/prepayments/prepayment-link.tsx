"use client";

import Link from "next/link";
import { trpc } from "../trpc";
import { prepaymentPath } from "./prepayment-types";
import { useScopedPath } from "../shell/use-scoped-path";

/** A link to a Prepayment known by its id alone, named by its description once it is read (its id until then). */
export function PrepaymentLink({ id }: { id: string }) {
  const scoped = useScopedPath();
  const prepayment = trpc.prepayments.get.useQuery({ prepayment_id: id }, { retry: false });
  return (
    <Link href={scoped(prepaymentPath(id))} title={id}>
      {prepayment.data?.description || id}
    </Link>
  );
}
