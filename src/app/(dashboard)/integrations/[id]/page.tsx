import { IntegrationDetailPage } from "@/dashboard/integrations/integration-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("integration");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <IntegrationDetailPage integrationId={decodeURIComponent(id)} />;
}
