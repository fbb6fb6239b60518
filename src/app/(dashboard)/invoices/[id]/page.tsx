import { InvoiceDetailPage } from "@/dashboard/invoices/invoice-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("invoice");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <InvoiceDetailPage invoiceId={decodeURIComponent(id)} />;
}
