import { ApiKeysPage } from "@/dashboard/settings/api-keys-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("apiKeys");

export default function Page() {
  return <ApiKeysPage />;
}
