import { SecurityPage } from "@/dashboard/settings/security-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("security");

export default function Page() {
  return <SecurityPage />;
}
