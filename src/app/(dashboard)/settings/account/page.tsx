import { AccountSettingsPage } from "@/dashboard/settings/account-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("accountSettings");

export default function Page() {
  return <AccountSettingsPage />;
}
