import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { FoundElsewhere, type LocatableKind } from "../shell/found-elsewhere";
import type { TrpcError } from "../trpc";
import { ErrorAlert } from "./alert";

/** A detail query's retry rule: a 404 (like a 401 or 403) is an answer, not a fault worth asking again. */
export function retryUnlessNotFound(failures: number, error: TrpcError): boolean {
  const code = error.data?.code;
  return code !== "NOT_FOUND" && code !== "UNAUTHORIZED" && code !== "FORBIDDEN" && failures < 1;
}

interface DetailFrameProps<T> {
  back: { href: string; label: string };
  query: { data: T | undefined; error: TrpcError | null };
  /** Said when the server answers 404. */
  notFound: string;
  /** The object, to look for in the account's other environment and Integrations on a 404 (a client's page). */
  locate?: { kind: LocatableKind; id: string };
  children: (data: T) => ReactNode;
}

/** One object's page: the link back to its list, then the query's error, "Loading…", or the object. */
export function DetailFrame<T>({ back, query, notFound, locate, children }: DetailFrameProps<T>) {
  const t = useTranslations("common");
  const link = (
    <Link href={back.href} className="back-link">
      ← {back.label}
    </Link>
  );
  if (query.error) {
    return (
      <section>
        {link}
        {query.error.data?.code !== "NOT_FOUND" ? (
          <ErrorAlert>{query.error.message}</ErrorAlert>
        ) : locate ? (
          <FoundElsewhere kind={locate.kind} id={locate.id} notFound={notFound} />
        ) : (
          <ErrorAlert>{notFound}</ErrorAlert>
        )}
      </section>
    );
  }
  if (query.data === undefined) return <p className="page-message">{t("loading")}</p>;
  return (
    <section>
      {link}
      {children(query.data)}
    </section>
  );
}
