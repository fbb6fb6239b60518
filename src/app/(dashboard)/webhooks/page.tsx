import { WebhooksPage } from "@/dashboard/webhooks/webhooks-page";

export const metadata = { title: "Webhooks" };

export default function Page() {
  return <WebhooksPage />;
}
