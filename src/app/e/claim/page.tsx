import { ClaimPage } from "@/dashboard/employee-app/claim-page";

export const metadata = { title: "Sign in" };

export default function Page() {
  return <ClaimPage />;
}
