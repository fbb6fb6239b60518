import { PayrunDetailPage } from "@/dashboard/payruns/payrun-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("payrun");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <PayrunDetailPage payrunId={decodeURIComponent(id)} />;
}
