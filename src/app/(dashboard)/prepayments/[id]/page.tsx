import { PrepaymentDetailPage } from "@/dashboard/prepayments/prepayment-detail-page";

export const metadata = { title: "Prepayment" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <PrepaymentDetailPage prepaymentId={decodeURIComponent(id)} />;
}
