import { PrepaymentPaymentsPage } from "@/dashboard/review/prepayment-payments-page";

export const metadata = { title: "Prepayment payments" };

export default function Page() {
  return <PrepaymentPaymentsPage />;
}
