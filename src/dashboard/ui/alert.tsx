import type { ReactNode } from "react";

/** An error said at once to screen readers (role="alert"); nothing when there is nothing to say. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <div className="alert alert-error" role="alert">
      {children}
    </div>
  );
}

/** A success said politely to screen readers (role="status"). */
export function SuccessStatus({ children }: { children: ReactNode }) {
  return (
    <p className="alert alert-success" role="status">
      {children}
    </p>
  );
}
