import { InvoicesPage } from "@/dashboard/invoices/invoices-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("invoices");

export default function Page() {
  return <InvoicesPage />;
}
