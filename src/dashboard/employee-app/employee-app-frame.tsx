import type { ReactNode } from "react";

/** The employee app's page frame: narrow, for phones first; no dashboard shell. */
export function EmployeeAppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="employee-app">
      <header className="employee-app-header">
        <span className="employee-app-brand">Payroute</span>
      </header>
      <main className="employee-app-main">{children}</main>
    </div>
  );
}
