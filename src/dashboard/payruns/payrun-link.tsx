"use client";

import Link from "next/link";
import { trpc } from "../trpc";
import { usePayrunLabel } from "./payrun-label";
import { payrunPath } from "./payrun-types";
import { useScopedPath } from "../shell/use-scoped-path";

/** A link to a Payrun known by its id alone, named as lists name it once the Payrun is read (its id until then). */
export function PayrunLink({ id }: { id: string }) {
  const label = usePayrunLabel();
  const scoped = useScopedPath();
  const payrun = trpc.payruns.get.useQuery({ payrun_id: id }, { retry: false });
  return (
    <Link href={scoped(payrunPath(id))} title={id}>
      {payrun.data ? label(payrun.data) : id}
    </Link>
  );
}
