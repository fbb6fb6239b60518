import { PayrunPaymentsPage } from "@/dashboard/review/payrun-payments-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewPayruns");

export default function Page() {
  return <PayrunPaymentsPage />;
}
