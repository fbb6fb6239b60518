import { PrepaymentDetailPage } from "@/dashboard/prepayments/prepayment-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("prepayment");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <PrepaymentDetailPage prepaymentId={decodeURIComponent(id)} />;
}
