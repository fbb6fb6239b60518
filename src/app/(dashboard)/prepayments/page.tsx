import { PrepaymentsPage } from "@/dashboard/prepayments/prepayments-page";

export const metadata = { title: "Prepayments" };

export default function Page() {
  return <PrepaymentsPage />;
}
