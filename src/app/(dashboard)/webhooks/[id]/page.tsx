import { WebhookLogPage } from "@/dashboard/webhooks/webhook-log-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("webhookDeliveries");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <WebhookLogPage webhookId={decodeURIComponent(id)} />;
}
