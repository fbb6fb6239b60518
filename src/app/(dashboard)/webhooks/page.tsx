import { WebhooksPage } from "@/dashboard/webhooks/webhooks-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("webhooks");

export default function Page() {
  return <WebhooksPage />;
}
