import { ApiKeysPage } from "@/dashboard/settings/api-keys-page";

export const metadata = { title: "API keys" };

export default function Page() {
  return <ApiKeysPage />;
}
