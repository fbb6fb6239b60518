import { EmployeesPage } from "@/dashboard/employees/employees-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("employees");

export default function Page() {
  return <EmployeesPage />;
}
