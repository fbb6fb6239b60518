import { PayrunDetailPage } from "@/dashboard/payruns/payrun-detail-page";

export const metadata = { title: "Payrun" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <PayrunDetailPage payrunId={decodeURIComponent(id)} />;
}
