import { IntegrationsPage } from "@/dashboard/integrations/integrations-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("integrations");

export default function Page() {
  return <IntegrationsPage />;
}
