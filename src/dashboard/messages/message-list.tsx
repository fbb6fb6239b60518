import Link from "next/link";
import { employeePath } from "../employees/employee-types";
import { formatDateTime } from "../format";
import { trpc } from "../trpc";
import type { Message } from "./message-types";

/** Recipients named in full per Message; a Message may go to thousands. */
const SHOWN_RECIPIENTS = 5;

/** Messages newest first (the server's order), each with links to the Employees it went to. */
export function MessageList({ messages }: { messages: Message[] }) {
  return (
    <ol className="message-list">
      {messages.map((m) => (
        <li key={m.id} className="message-item">
          <p className="message-content">{m.content}</p>
          <p className="message-meta">
            <span>
              To{" "}
              {m.employees.slice(0, SHOWN_RECIPIENTS).map((id, n) => (
                <span key={id}>
                  {n > 0 && ", "}
                  <RecipientLink id={id} />
                </span>
              ))}
              {m.employees.length > SHOWN_RECIPIENTS && ` and ${m.employees.length - SHOWN_RECIPIENTS} more`}
            </span>
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A recipient by name (the Message holds ids only); the id stands in while loading or once deleted. */
function RecipientLink({ id }: { id: string }) {
  // tRPC batches these lookups into one request, and each Employee is looked up once for all Messages.
  const employee = trpc.employees.get.useQuery({ employee_id: id }, { staleTime: 60_000, retry: false });
  return (
    <Link href={employeePath(id)} title={id} className={employee.data ? undefined : "mono"}>
      {employee.data?.name ?? id}
    </Link>
  );
}
