import { PayoutDetailPage } from "@/dashboard/payouts/payout-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("payout");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <PayoutDetailPage payoutId={decodeURIComponent(id)} />;
}
