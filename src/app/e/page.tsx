import { EmployeeHomePage } from "@/dashboard/employee-app/employee-home-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("employeeHome");

export default function Page() {
  return <EmployeeHomePage />;
}
