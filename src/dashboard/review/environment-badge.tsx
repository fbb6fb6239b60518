import type { Environment } from "../trpc";

/** Live stands out: approving there creates an Integration that moves real money. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  return environment === "live" ? <span className="badge badge-info">Live</span> : <span className="badge">Demo</span>;
}
