import { formatDateTime } from "../format";
import type { Employee } from "./employee-types";

const STEPS = [
  { field: "created_at", label: "Created", pending: "" },
  { field: "notified_at", label: "Invitation sent", pending: "Not sent yet" },
  { field: "claimed_at", label: "Invitation opened", pending: "Not opened yet" },
  { field: "verified_at", label: "Verified", pending: "Not verified yet" },
] as const;

/** The four steps of an Employee's onboarding, each with when it happened. */
export function StatusTimeline({ employee }: { employee: Employee }) {
  return (
    <ol className="timeline">
      {STEPS.map((step) => {
        const at = employee[step.field];
        return (
          <li key={step.field} className={at ? "timeline-step done" : "timeline-step"}>
            <span className="timeline-label">{step.label}</span>
            {at ? (
              <time dateTime={at} className="timeline-time">
                {formatDateTime(at)}
              </time>
            ) : (
              <span className="timeline-time muted">{step.pending}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
