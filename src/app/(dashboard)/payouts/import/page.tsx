import { PayoutImportPage } from "@/dashboard/payouts/payout-import-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("payoutImport");

export default function Page() {
  return <PayoutImportPage />;
}
