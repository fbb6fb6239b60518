import { PayoutsPage } from "@/dashboard/payouts/payouts-page";

export const metadata = { title: "Payouts" };

export default function Page() {
  return <PayoutsPage />;
}
