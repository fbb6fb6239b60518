import { PrepaymentPaymentsPage } from "@/dashboard/review/prepayment-payments-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewPrepayments");

export default function Page() {
  return <PrepaymentPaymentsPage />;
}
