import { EmployeesPage } from "@/dashboard/employees/employees-page";

export const metadata = { title: "Employees" };

export default function Page() {
  return <EmployeesPage />;
}
