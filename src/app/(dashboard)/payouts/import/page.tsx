import { PayoutImportPage } from "@/dashboard/payouts/payout-import-page";

export const metadata = { title: "Import Payouts" };

export default function Page() {
  return <PayoutImportPage />;
}
