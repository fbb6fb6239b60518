import type { ReactNode } from "react";
import { EmployeeAppFrame } from "@/dashboard/employee-app/employee-app-frame";

/** The employee app: public pages outside the dashboard shell (which would send visitors to /login). */
export default function EmployeeAppLayout({ children }: { children: ReactNode }) {
  return <EmployeeAppFrame>{children}</EmployeeAppFrame>;
}
