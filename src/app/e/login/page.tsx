import { EmployeeLoginPage } from "@/dashboard/employee-app/employee-login-page";

export const metadata = { title: "Sign in" };

export default function Page() {
  return <EmployeeLoginPage />;
}
