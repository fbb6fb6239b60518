import { EmployeeLoginPage } from "@/dashboard/employee-app/employee-login-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("signIn");

export default function Page() {
  return <EmployeeLoginPage />;
}
