import { PrepaymentsPage } from "@/dashboard/prepayments/prepayments-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("prepayments");

export default function Page() {
  return <PrepaymentsPage />;
}
