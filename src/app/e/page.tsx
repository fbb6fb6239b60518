import { EmployeeHomePage } from "@/dashboard/employee-app/employee-home-page";

export const metadata = { title: "Your payments" };

export default function Page() {
  return <EmployeeHomePage />;
}
