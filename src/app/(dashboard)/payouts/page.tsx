import { PayoutsPage } from "@/dashboard/payouts/payouts-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("payouts");

export default function Page() {
  return <PayoutsPage />;
}
