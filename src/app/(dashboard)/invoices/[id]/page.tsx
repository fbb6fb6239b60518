import { InvoiceDetailPage } from "@/dashboard/invoices/invoice-detail-page";

export const metadata = { title: "Invoice" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <InvoiceDetailPage invoiceId={decodeURIComponent(id)} />;
}
