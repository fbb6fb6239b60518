import { IntegrationsPage } from "@/dashboard/integrations/integrations-page";

export const metadata = { title: "Integrations" };

export default function Page() {
  return <IntegrationsPage />;
}
