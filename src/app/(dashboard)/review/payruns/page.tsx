import { PayrunPaymentsPage } from "@/dashboard/review/payrun-payments-page";

export const metadata = { title: "Payrun payments" };

export default function Page() {
  return <PayrunPaymentsPage />;
}
