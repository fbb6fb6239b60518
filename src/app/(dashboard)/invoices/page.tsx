import { InvoicesPage } from "@/dashboard/invoices/invoices-page";

export const metadata = { title: "Invoices" };

export default function Page() {
  return <InvoicesPage />;
}
