import { ClaimPage } from "@/dashboard/employee-app/claim-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("signIn");

export default function Page() {
  return <ClaimPage />;
}
